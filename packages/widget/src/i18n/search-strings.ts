/**
 * The search modal's strings, every language in one table: they ship in the search chunk
 * alone (≈ 1 KB gzip for seven languages), so neither the panel nor a locale chunk grows for
 * pages that never search. `data-strings` overrides them as any other string.
 */
export interface SearchStrings {
  /** The dialog's accessible name. */
  searchTitle: string;
  /** The search box's placeholder and label. */
  searchPlaceholder: string;
  /** The first option: ask the query in the chat (`{query}`). */
  askAi: string;
  /** Shown for a query with no results (`{query}`). */
  searchNoResults: string;
  /** Announced when results arrive (`{count}`). */
  searchResultCount: string;
  /** The heading of the recent searches. */
  searchRecent: string;
  /** The button that forgets the recent searches. */
  searchClearRecent: string;
  /** The close button (Esc). */
  searchClose: string;
  /** No network. */
  searchOffline: string;
  /** HTTP 429 (`{seconds}`). */
  searchRateLimited: string;
  /** Any other failure. */
  searchFailed: string;
  /** The keyboard help under the list. */
  searchKeys: string;
}

/** Search strings by primary language subtag; English is the fallback. */
export const SEARCH_STRINGS: Readonly<Record<string, SearchStrings>> = {
  en: {
    searchTitle: 'Search the documentation',
    searchPlaceholder: 'Search or ask a question',
    askAi: 'Ask AI: {query}',
    searchNoResults: 'No pages match “{query}”. Ask AI instead.',
    searchResultCount: '{count} results',
    searchRecent: 'Recent searches',
    searchClearRecent: 'Clear',
    searchClose: 'Close search',
    searchOffline: 'You are offline. Check your connection and type again.',
    searchRateLimited: 'Too many searches. Wait {seconds} s and type again.',
    searchFailed: 'Search is unavailable right now. You can still ask AI.',
    searchKeys: '↑↓ move · Enter open · Shift+Enter ask AI · Esc close',
  },
  fr: {
    searchTitle: 'Rechercher dans la documentation',
    searchPlaceholder: 'Rechercher ou poser une question',
    askAi: 'Demander à l’IA : {query}',
    searchNoResults: 'Aucune page ne correspond à « {query} ». Demandez plutôt à l’IA.',
    searchResultCount: '{count} résultats',
    searchRecent: 'Recherches récentes',
    searchClearRecent: 'Effacer',
    searchClose: 'Fermer la recherche',
    searchOffline: 'Vous êtes hors ligne. Vérifiez votre connexion et réessayez.',
    searchRateLimited: 'Trop de recherches. Attendez {seconds} s et réessayez.',
    searchFailed: 'La recherche est indisponible. Vous pouvez demander à l’IA.',
    searchKeys: '↑↓ choisir · Entrée ouvrir · Maj+Entrée demander à l’IA · Échap fermer',
  },
  de: {
    searchTitle: 'Dokumentation durchsuchen',
    searchPlaceholder: 'Suchen oder eine Frage stellen',
    askAi: 'KI fragen: {query}',
    searchNoResults: 'Keine Seite passt zu „{query}“. Fragen Sie die KI.',
    searchResultCount: '{count} Ergebnisse',
    searchRecent: 'Letzte Suchen',
    searchClearRecent: 'Löschen',
    searchClose: 'Suche schließen',
    searchOffline: 'Sie sind offline. Prüfen Sie die Verbindung und tippen Sie erneut.',
    searchRateLimited: 'Zu viele Suchen. Warten Sie {seconds} s.',
    searchFailed: 'Die Suche ist gerade nicht verfügbar. Sie können die KI fragen.',
    searchKeys: '↑↓ wählen · Enter öffnen · Umschalt+Enter KI fragen · Esc schließen',
  },
  es: {
    searchTitle: 'Buscar en la documentación',
    searchPlaceholder: 'Busca o haz una pregunta',
    askAi: 'Preguntar a la IA: {query}',
    searchNoResults: 'Ninguna página coincide con «{query}». Pregunta a la IA.',
    searchResultCount: '{count} resultados',
    searchRecent: 'Búsquedas recientes',
    searchClearRecent: 'Borrar',
    searchClose: 'Cerrar la búsqueda',
    searchOffline: 'Sin conexión. Revisa tu red y vuelve a escribir.',
    searchRateLimited: 'Demasiadas búsquedas. Espera {seconds} s.',
    searchFailed: 'La búsqueda no está disponible. Puedes preguntar a la IA.',
    searchKeys: '↑↓ mover · Intro abrir · Mayús+Intro preguntar a la IA · Esc cerrar',
  },
  pt: {
    searchTitle: 'Pesquisar na documentação',
    searchPlaceholder: 'Pesquise ou faça uma pergunta',
    askAi: 'Perguntar à IA: {query}',
    searchNoResults: 'Nenhuma página corresponde a “{query}”. Pergunte à IA.',
    searchResultCount: '{count} resultados',
    searchRecent: 'Pesquisas recentes',
    searchClearRecent: 'Limpar',
    searchClose: 'Fechar a pesquisa',
    searchOffline: 'Você está offline. Verifique a conexão e digite de novo.',
    searchRateLimited: 'Pesquisas demais. Aguarde {seconds} s.',
    searchFailed: 'A pesquisa está indisponível. Você ainda pode perguntar à IA.',
    searchKeys: '↑↓ mover · Enter abrir · Shift+Enter perguntar à IA · Esc fechar',
  },
  ar: {
    searchTitle: 'البحث في الوثائق',
    searchPlaceholder: 'ابحث أو اطرح سؤالًا',
    askAi: 'اسأل الذكاء الاصطناعي: {query}',
    searchNoResults: 'لا توجد صفحات تطابق «{query}». اسأل الذكاء الاصطناعي.',
    searchResultCount: '{count} نتيجة',
    searchRecent: 'عمليات البحث الأخيرة',
    searchClearRecent: 'مسح',
    searchClose: 'إغلاق البحث',
    searchOffline: 'أنت غير متصل. تحقق من الاتصال واكتب مرة أخرى.',
    searchRateLimited: 'عمليات بحث كثيرة. انتظر {seconds} ث.',
    searchFailed: 'البحث غير متاح الآن. يمكنك سؤال الذكاء الاصطناعي.',
    searchKeys: '↑↓ للتنقل · Enter للفتح · Shift+Enter لسؤال الذكاء الاصطناعي · Esc للإغلاق',
  },
  he: {
    searchTitle: 'חיפוש בתיעוד',
    searchPlaceholder: 'חפשו או שאלו שאלה',
    askAi: 'לשאול את ה-AI: {query}',
    searchNoResults: 'אין דפים שמתאימים ל„{query}”. שאלו את ה-AI.',
    searchResultCount: '{count} תוצאות',
    searchRecent: 'חיפושים אחרונים',
    searchClearRecent: 'ניקוי',
    searchClose: 'סגירת החיפוש',
    searchOffline: 'אין חיבור לרשת. בדקו את החיבור והקלידו שוב.',
    searchRateLimited: 'יותר מדי חיפושים. המתינו {seconds} שניות.',
    searchFailed: 'החיפוש אינו זמין כרגע. אפשר לשאול את ה-AI.',
    searchKeys: '↑↓ מעבר · Enter פתיחה · Shift+Enter שאלה ל-AI · Esc סגירה',
  },
};
