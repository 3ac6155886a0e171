/**
 * The signed-in user's strings, every language in one table: they ship in the identity
 * chunk alone (loaded only on a page that signs a user in), so neither the panel nor a
 * locale chunk grows for anonymous visitors. `data-strings` overrides them as any other string.
 */
export interface IdentityStrings {
  /**
   * The chat server could not verify the user the site signed in (a wrong `userHash`):
   * shown in place of an answer, since no question is asked anonymously instead.
   */
  identityFailed: string;
}

/** Identity strings by primary language subtag; English is the fallback. */
export const IDENTITY_STRINGS: Readonly<Record<string, IdentityStrings>> = {
  en: {
    identityFailed:
      'This chat could not confirm who is signed in. Reload the page, or sign out and in again.',
  },
  fr: {
    identityFailed:
      'Ce chat n’a pas pu confirmer qui est connecté. Rechargez la page, ou déconnectez-vous puis reconnectez-vous.',
  },
  de: {
    identityFailed:
      'Dieser Chat konnte nicht bestätigen, wer angemeldet ist. Laden Sie die Seite neu oder melden Sie sich ab und wieder an.',
  },
  es: {
    identityFailed:
      'Este chat no pudo confirmar quién ha iniciado sesión. Recarga la página, o cierra la sesión y vuelve a iniciarla.',
  },
  pt: {
    identityFailed:
      'Este chat não conseguiu confirmar quem está conectado. Recarregue a página, ou saia e entre novamente.',
  },
  ar: {
    identityFailed:
      'تعذّر على هذه المحادثة التأكد من هوية المستخدم المسجَّل. أعد تحميل الصفحة، أو سجّل الخروج ثم سجّل الدخول مجددًا.',
  },
  he: {
    identityFailed: 'הצ׳אט לא הצליח לאמת מי מחובר. טענו מחדש את הדף, או התנתקו והתחברו שוב.',
  },
};
