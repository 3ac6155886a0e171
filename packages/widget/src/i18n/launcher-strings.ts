/**
 * The launcher's labels, apart from the panel's strings so the loader stays small.
 */
export interface LauncherStrings {
  openChat: string;
  closeChat: string;
}

/** Launcher labels by primary language subtag. */
export const LAUNCHER_STRINGS: Readonly<Record<string, LauncherStrings>> = {
  en: { openChat: 'Open chat', closeChat: 'Close chat' },
  fr: { openChat: 'Ouvrir la discussion', closeChat: 'Fermer la discussion' },
  de: { openChat: 'Chat öffnen', closeChat: 'Chat schließen' },
  es: { openChat: 'Abrir chat', closeChat: 'Cerrar chat' },
  pt: { openChat: 'Abrir chat', closeChat: 'Fechar chat' },
  ar: { openChat: 'فتح الدردشة', closeChat: 'إغلاق الدردشة' },
  he: { openChat: "פתיחת הצ'אט", closeChat: "סגירת הצ'אט" },
};
