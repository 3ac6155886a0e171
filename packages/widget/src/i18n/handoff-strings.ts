/**
 * The strings of human handoff ("talk to a person"), apart from the panel's core strings:
 * the action, the notices when a person takes over or hands back, the label of their
 * replies, and the error when no person can be reached.
 */
export interface HandoffStrings {
  /** The action that asks for a person. */
  talkToPerson: string;
  /** Shown when the conversation is handed to a person. */
  handoffNotice: string;
  /** Shown when the person hands the conversation back to the assistant. */
  handbackNotice: string;
  /** Label of a person's replies. */
  operator: string;
  /** Asking for a person failed (not offered, or unreachable). */
  errorHandoff: string;
}

/** Handoff strings by primary language subtag. */
export const HANDOFF_STRINGS: Readonly<Record<string, HandoffStrings>> = {
  en: {
    talkToPerson: 'Talk to a person',
    handoffNotice: 'A person will reply here.',
    handbackNotice: 'The assistant is back.',
    operator: 'Support',
    errorHandoff: 'No one is available.',
  },
  fr: {
    talkToPerson: 'Parler à une personne',
    handoffNotice: 'Une personne vous répondra ici.',
    handbackNotice: "L'assistant est de retour.",
    operator: 'Support',
    errorHandoff: "Personne n'est disponible.",
  },
  de: {
    talkToPerson: 'Mit einem Menschen sprechen',
    handoffNotice: 'Eine Person antwortet hier.',
    handbackNotice: 'Der Assistent ist zurück.',
    operator: 'Support',
    errorHandoff: 'Niemand ist erreichbar.',
  },
  es: {
    talkToPerson: 'Hablar con una persona',
    handoffNotice: 'Una persona responderá aquí.',
    handbackNotice: 'El asistente ha vuelto.',
    operator: 'Soporte',
    errorHandoff: 'No hay nadie disponible.',
  },
  pt: {
    talkToPerson: 'Falar com uma pessoa',
    handoffNotice: 'Uma pessoa responderá aqui.',
    handbackNotice: 'O assistente voltou.',
    operator: 'Suporte',
    errorHandoff: 'Ninguém está disponível.',
  },
  ar: {
    talkToPerson: 'التحدث إلى شخص',
    handoffNotice: 'سيرد عليك شخص هنا.',
    handbackNotice: 'عاد المساعد.',
    operator: 'الدعم',
    errorHandoff: 'لا يوجد أحد متاح.',
  },
  he: {
    talkToPerson: 'שיחה עם נציג',
    handoffNotice: 'נציג יענה כאן.',
    handbackNotice: 'העוזר חזר.',
    operator: 'תמיכה',
    errorHandoff: 'אין נציג זמין.',
  },
};
