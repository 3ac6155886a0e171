import { HANDOFF_STRINGS, type HandoffStrings } from './handoff-strings.js';
import { LAUNCHER_STRINGS, type LauncherStrings } from './launcher-strings.js';

/**
 * Every user-visible string of the panel. `{seconds}` in `errorRateLimited` is replaced by
 * the wait time.
 */
export interface PanelStrings {
  title: string;
  welcome: string;
  placeholder: string;
  messageLabel: string;
  send: string;
  stop: string;
  retry: string;
  copy: string;
  copied: string;
  copyCode: string;
  newConversation: string;
  sources: string;
  /** Accessible name of a citation link `[n]`; `{n}` and `{title}` are replaced. */
  citation: string;
  suggestions: string;
  you: string;
  assistant: string;
  stopped: string;
  errorUsageLimit: string;
  errorRateLimited: string;
  errorRateLimitedSoon: string;
  errorOffline: string;
  errorNetwork: string;
  errorServer: string;
  errorInterrupted: string;
  errorRejected: string;
  errorUnavailable: string;
  helpful: string;
  notHelpful: string;
  feedbackComment: string;
  sendFeedback: string;
}

const en: PanelStrings = {
  title: 'Chat',
  welcome: 'Hi! How can I help you?',
  placeholder: 'Ask a question…',
  messageLabel: 'Your message',
  send: 'Send',
  stop: 'Stop',
  retry: 'Retry',
  copy: 'Copy answer',
  copied: 'Copied',
  copyCode: 'Copy code',
  newConversation: 'New conversation',
  sources: 'Sources',
  citation: 'Source {n}: {title}',
  suggestions: 'Suggested questions',
  you: 'You',
  assistant: 'Assistant',
  stopped: 'Stopped.',
  errorUsageLimit: 'This assistant has reached its usage limit. Please try again later.',
  errorRateLimited: 'Too many messages. Please wait {seconds} seconds, then try again.',
  errorRateLimitedSoon: 'Too many messages. Please wait a moment, then try again.',
  errorOffline: 'You seem to be offline. Check your connection, then try again.',
  errorNetwork: 'The assistant could not be reached. Check your connection, then try again.',
  errorServer: 'The assistant is having trouble right now. Please try again in a moment.',
  errorInterrupted: 'The answer was interrupted.',
  errorRejected: 'This message could not be sent. Try a shorter or different message.',
  errorUnavailable: 'This assistant is not available on this site.',
  helpful: 'Helpful',
  notHelpful: 'Not helpful',
  feedbackComment: 'What was wrong? (optional)',
  sendFeedback: 'Send',
};

const fr: PanelStrings = {
  title: 'Discussion',
  welcome: 'Bonjour ! Comment puis-je vous aider ?',
  placeholder: 'Posez une question…',
  messageLabel: 'Votre message',
  send: 'Envoyer',
  stop: 'Arrêter',
  retry: 'Réessayer',
  copy: 'Copier la réponse',
  copied: 'Copié',
  copyCode: 'Copier le code',
  newConversation: 'Nouvelle conversation',
  sources: 'Sources',
  citation: 'Source {n} : {title}',
  suggestions: 'Questions suggérées',
  you: 'Vous',
  assistant: 'Assistant',
  stopped: 'Arrêté.',
  errorUsageLimit: "Cet assistant a atteint sa limite d'utilisation. Réessayez plus tard.",
  errorRateLimited: 'Trop de messages. Attendez {seconds} secondes, puis réessayez.',
  errorRateLimitedSoon: 'Trop de messages. Attendez un instant, puis réessayez.',
  errorOffline: 'Vous semblez hors ligne. Vérifiez votre connexion, puis réessayez.',
  errorNetwork: "L'assistant est injoignable. Vérifiez votre connexion, puis réessayez.",
  errorServer: "L'assistant rencontre un problème. Réessayez dans un instant.",
  errorInterrupted: 'La réponse a été interrompue.',
  errorRejected: "Ce message n'a pas pu être envoyé. Essayez un message plus court ou différent.",
  errorUnavailable: "Cet assistant n'est pas disponible sur ce site.",
  helpful: 'Utile',
  notHelpful: 'Pas utile',
  feedbackComment: "Qu'est-ce qui n'allait pas ? (facultatif)",
  sendFeedback: 'Envoyer',
};

const de: PanelStrings = {
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
};

const es: PanelStrings = {
  title: 'Chat',
  welcome: '¡Hola! ¿En qué puedo ayudarte?',
  placeholder: 'Haz una pregunta…',
  messageLabel: 'Tu mensaje',
  send: 'Enviar',
  stop: 'Detener',
  retry: 'Reintentar',
  copy: 'Copiar respuesta',
  copied: 'Copiado',
  copyCode: 'Copiar código',
  newConversation: 'Nueva conversación',
  sources: 'Fuentes',
  citation: 'Fuente {n}: {title}',
  suggestions: 'Preguntas sugeridas',
  you: 'Tú',
  assistant: 'Asistente',
  stopped: 'Detenido.',
  errorUsageLimit: 'Este asistente alcanzó su límite de uso. Inténtalo más tarde.',
  errorRateLimited: 'Demasiados mensajes. Espera {seconds} segundos y vuelve a intentarlo.',
  errorRateLimitedSoon: 'Demasiados mensajes. Espera un momento y vuelve a intentarlo.',
  errorOffline: 'Parece que no tienes conexión. Compruébala y vuelve a intentarlo.',
  errorNetwork:
    'No se pudo contactar con el asistente. Comprueba tu conexión y vuelve a intentarlo.',
  errorServer: 'El asistente tiene problemas ahora mismo. Inténtalo de nuevo en un momento.',
  errorInterrupted: 'La respuesta se interrumpió.',
  errorRejected: 'No se pudo enviar este mensaje. Prueba con un mensaje más corto o distinto.',
  errorUnavailable: 'Este asistente no está disponible en este sitio.',
  helpful: 'Útil',
  notHelpful: 'No útil',
  feedbackComment: '¿Qué estuvo mal? (opcional)',
  sendFeedback: 'Enviar',
};

const pt: PanelStrings = {
  title: 'Chat',
  welcome: 'Olá! Como posso ajudar?',
  placeholder: 'Faça uma pergunta…',
  messageLabel: 'Sua mensagem',
  send: 'Enviar',
  stop: 'Parar',
  retry: 'Tentar novamente',
  copy: 'Copiar resposta',
  copied: 'Copiado',
  copyCode: 'Copiar código',
  newConversation: 'Nova conversa',
  sources: 'Fontes',
  citation: 'Fonte {n}: {title}',
  suggestions: 'Perguntas sugeridas',
  you: 'Você',
  assistant: 'Assistente',
  stopped: 'Interrompido.',
  errorUsageLimit: 'Este assistente atingiu o limite de uso. Tente novamente mais tarde.',
  errorRateLimited: 'Muitas mensagens. Aguarde {seconds} segundos e tente novamente.',
  errorRateLimitedSoon: 'Muitas mensagens. Aguarde um momento e tente novamente.',
  errorOffline: 'Você parece estar offline. Verifique sua conexão e tente novamente.',
  errorNetwork: 'Não foi possível contatar o assistente. Verifique sua conexão e tente novamente.',
  errorServer: 'O assistente está com problemas agora. Tente novamente em instantes.',
  errorInterrupted: 'A resposta foi interrompida.',
  errorRejected:
    'Não foi possível enviar esta mensagem. Tente uma mensagem mais curta ou diferente.',
  errorUnavailable: 'Este assistente não está disponível neste site.',
  helpful: 'Útil',
  notHelpful: 'Não foi útil',
  feedbackComment: 'O que estava errado? (opcional)',
  sendFeedback: 'Enviar',
};

const ar: PanelStrings = {
  title: 'الدردشة',
  welcome: 'مرحبًا! كيف يمكنني مساعدتك؟',
  placeholder: 'اطرح سؤالًا…',
  messageLabel: 'رسالتك',
  send: 'إرسال',
  stop: 'إيقاف',
  retry: 'إعادة المحاولة',
  copy: 'نسخ الإجابة',
  copied: 'تم النسخ',
  copyCode: 'نسخ الشيفرة',
  newConversation: 'محادثة جديدة',
  sources: 'المصادر',
  citation: 'المصدر {n}: {title}',
  suggestions: 'أسئلة مقترحة',
  you: 'أنت',
  assistant: 'المساعد',
  stopped: 'تم الإيقاف.',
  errorUsageLimit: 'بلغ هذا المساعد حد الاستخدام. يرجى المحاولة لاحقًا.',
  errorRateLimited: 'رسائل كثيرة جدًا. يرجى الانتظار {seconds} ثانية ثم المحاولة مرة أخرى.',
  errorRateLimitedSoon: 'رسائل كثيرة جدًا. يرجى الانتظار قليلًا ثم المحاولة مرة أخرى.',
  errorOffline: 'يبدو أنك غير متصل. تحقق من اتصالك ثم حاول مرة أخرى.',
  errorNetwork: 'تعذر الوصول إلى المساعد. تحقق من اتصالك ثم حاول مرة أخرى.',
  errorServer: 'يواجه المساعد مشكلة الآن. يرجى المحاولة بعد قليل.',
  errorInterrupted: 'انقطعت الإجابة.',
  errorRejected: 'تعذر إرسال هذه الرسالة. جرّب رسالة أقصر أو مختلفة.',
  errorUnavailable: 'هذا المساعد غير متاح على هذا الموقع.',
  helpful: 'مفيد',
  notHelpful: 'غير مفيد',
  feedbackComment: 'ما الخطأ؟ (اختياري)',
  sendFeedback: 'إرسال',
};

const he: PanelStrings = {
  title: "צ'אט",
  welcome: 'שלום! איך אפשר לעזור?',
  placeholder: 'שאלו שאלה…',
  messageLabel: 'ההודעה שלך',
  send: 'שליחה',
  stop: 'עצירה',
  retry: 'ניסיון חוזר',
  copy: 'העתקת התשובה',
  copied: 'הועתק',
  copyCode: 'העתקת הקוד',
  newConversation: 'שיחה חדשה',
  sources: 'מקורות',
  citation: 'מקור {n}: {title}',
  suggestions: 'שאלות מוצעות',
  you: 'את/ה',
  assistant: 'העוזר',
  stopped: 'נעצר.',
  errorUsageLimit: 'העוזר הגיע למגבלת השימוש. נסו שוב מאוחר יותר.',
  errorRateLimited: 'יותר מדי הודעות. המתינו {seconds} שניות ונסו שוב.',
  errorRateLimitedSoon: 'יותר מדי הודעות. המתינו רגע ונסו שוב.',
  errorOffline: 'נראה שאין חיבור לאינטרנט. בדקו את החיבור ונסו שוב.',
  errorNetwork: 'לא ניתן להתחבר לעוזר. בדקו את החיבור ונסו שוב.',
  errorServer: 'לעוזר יש כרגע תקלה. נסו שוב בעוד רגע.',
  errorInterrupted: 'התשובה נקטעה.',
  errorRejected: 'לא ניתן לשלוח את ההודעה. נסו הודעה קצרה יותר או שונה.',
  errorUnavailable: 'העוזר אינו זמין באתר זה.',
  helpful: 'מועיל',
  notHelpful: 'לא מועיל',
  feedbackComment: 'מה היה לא בסדר? (אופציונלי)',
  sendFeedback: 'שליחה',
};

/**
 * Every user-visible string of the widget. Any of them can be overridden with
 * `data-strings` (JSON), e.g. `{"send":"Go"}`.
 */
export type Strings = PanelStrings & LauncherStrings & HandoffStrings;

const panelStrings: Readonly<Record<string, PanelStrings>> = { en, fr, de, es, pt, ar, he };

/** Built-in translations, by primary language subtag. */
export const STRINGS: Readonly<Record<string, Strings>> = Object.fromEntries(
  Object.entries(panelStrings).map(([lang, strings]) => [
    lang,
    {
      ...strings,
      ...(LAUNCHER_STRINGS[lang] ?? LAUNCHER_STRINGS.en!),
      ...(HANDOFF_STRINGS[lang] ?? HANDOFF_STRINGS.en!),
    },
  ]),
);
