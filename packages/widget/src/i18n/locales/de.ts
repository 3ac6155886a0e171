import type { LocaleStrings } from './locale-strings.js';

/** German: its own chunk, loaded with the panel when the page is in German. */
const de: LocaleStrings = {
  title: 'Chat',
  welcome: 'Hallo! Wie kann ich helfen?',
  placeholder: 'Stellen Sie eine Frage…',
  messageLabel: 'Ihre Nachricht',
  send: 'Senden',
  stop: 'Stoppen',
  retry: 'Erneut versuchen',
  copy: 'Antwort kopieren',
  copied: 'Kopiert',
  copyCode: 'Code kopieren',
  newConversation: 'Neue Unterhaltung',
  sources: 'Quellen',
  citation: 'Quelle {n}: {title}',
  suggestions: 'Vorgeschlagene Fragen',
  you: 'Sie',
  assistant: 'Assistent',
  stopped: 'Gestoppt.',
  errorUsageLimit:
    'Dieser Assistent hat sein Nutzungslimit erreicht. Bitte versuchen Sie es später.',
  errorRateLimited:
    'Zu viele Nachrichten. Bitte warten Sie {seconds} Sekunden und versuchen Sie es erneut.',
  errorRateLimitedSoon: 'Zu viele Nachrichten. Bitte warten Sie kurz und versuchen Sie es erneut.',
  errorOffline:
    'Sie scheinen offline zu sein. Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.',
  errorNetwork:
    'Der Assistent ist nicht erreichbar. Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.',
  errorServer: 'Der Assistent hat gerade Probleme. Bitte versuchen Sie es gleich noch einmal.',
  errorInterrupted: 'Die Antwort wurde unterbrochen.',
  errorRejected:
    'Diese Nachricht konnte nicht gesendet werden. Versuchen Sie eine kürzere oder andere Nachricht.',
  errorUnavailable: 'Dieser Assistent ist auf dieser Website nicht verfügbar.',
  helpful: 'Hilfreich',
  notHelpful: 'Nicht hilfreich',
  feedbackComment: 'Was war falsch? (optional)',
  sendFeedback: 'Senden',
  talkToPerson: 'Mit einem Menschen sprechen',
  handoffNotice: 'Eine Person antwortet hier.',
  handbackNotice: 'Der Assistent ist zurück.',
  operator: 'Support',
  errorHandoff: 'Niemand ist erreichbar.',
  contactTitle: 'Hinterlassen Sie Ihre E-Mail-Adresse, dann antwortet Ihnen eine Person.',
  contactEmail: 'E-Mail',
  contactName: 'Name',
  contactPhone: 'Telefon',
  contactOptional: '(optional)',
  contactConsent: 'Wir verwenden diese Angaben nur, um Ihnen zu antworten.',
  contactSend: 'Angaben senden',
  contactDismiss: 'Jetzt nicht',
  contactSent: 'Wir antworten Ihnen an {email}.',
  contactWaiting: 'Stellen Sie Ihre Frage: Ihre Angaben werden mit ihr gesendet.',
  contactErrorEmail: 'Geben Sie eine E-Mail-Adresse ein, z. B. name@beispiel.de.',
  contactErrorName: 'Geben Sie Ihren Namen ein.',
  contactErrorPhone: 'Geben Sie eine Telefonnummer ein (Ziffern, Leerzeichen, + ( ) . / -).',
};

export default de;
