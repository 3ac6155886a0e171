/**
 * The launcher's labels, apart from the panel's strings so the loader stays small.
 */
export interface LauncherStrings {
  openChat: string;
  closeChat: string;
  /** The close button of the greeting beside the launcher. */
  closeGreeting: string;
}

/** Launcher labels by primary language subtag. */
export const LAUNCHER_STRINGS: Readonly<Record<string, LauncherStrings>> = {
  en: { openChat: 'Open chat', closeChat: 'Close chat', closeGreeting: 'Close message' },
  fr: {
    openChat: 'Ouvrir la discussion',
    closeChat: 'Fermer la discussion',
    closeGreeting: 'Fermer le message',
  },
  de: {
    openChat: 'Chat öffnen',
    closeChat: 'Chat schließen',
    closeGreeting: 'Nachricht schließen',
  },
  es: { openChat: 'Abrir chat', closeChat: 'Cerrar chat', closeGreeting: 'Cerrar mensaje' },
  pt: { openChat: 'Abrir chat', closeChat: 'Fechar chat', closeGreeting: 'Fechar mensagem' },
  ar: { openChat: 'فتح الدردشة', closeChat: 'إغلاق الدردشة', closeGreeting: 'إغلاق الرسالة' },
  he: { openChat: "פתיחת הצ'אט", closeChat: "סגירת הצ'אט", closeGreeting: 'סגירת ההודעה' },
};
