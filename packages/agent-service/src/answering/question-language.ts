/** Languages the service can decline in: those of the widget. */
export type DeclineLanguage = 'en' | 'de' | 'fr' | 'es' | 'pt' | 'he' | 'ar';

// Short function words frequent in questions of each language and rare in the others'.
const FUNCTION_WORDS: Readonly<Record<'en' | 'de' | 'fr' | 'es' | 'pt', ReadonlySet<string>>> = {
  // With "a": it is Portuguese's too, and a tie goes to English.
  en: new Set(
    'the a an is are do does did how what which when why where who can i my to of and in with for on it this that from at by or if not be will should through after before'.split(
      ' ',
    ),
  ),
  de: new Set(
    'der die das ist sind wie was welche kann ich mein meine und nicht mit für ein eine wird auf den dem des zu im'.split(
      ' ',
    ),
  ),
  fr: new Set(
    'le la les est sont comment quel quelle quels je mon ma mes et ne pas avec pour un une des du au dans que qui peut'.split(
      ' ',
    ),
  ),
  es: new Set(
    'el la los las es son cómo como qué cuál puedo mi mis y no con para un una del al en que se por'.split(
      ' ',
    ),
  ),
  pt: new Set(
    'o a os as é são como que qual posso meu minha e não com para um uma do da dos das no na em se por'.split(
      ' ',
    ),
  ),
};

/** Fewest function words a question needs before it is taken for a language other than English. */
const MIN_HITS = 2;

/**
 * The language a question is written in, among {@link DeclineLanguage}: Hebrew and Arabic
 * by their script, the others by their most frequent function words; English when unsure.
 * Enough to say "I don't know" in the visitor's language, not a general detector.
 */
export function questionLanguage(question: string): DeclineLanguage {
  if (/\p{Script=Hebrew}/u.test(question)) return 'he';
  if (/\p{Script=Arabic}/u.test(question)) return 'ar';
  const words = question.toLowerCase().match(/\p{L}+/gu) ?? [];
  let best: DeclineLanguage = 'en';
  let bestHits = 0;
  for (const [language, set] of Object.entries(FUNCTION_WORDS) as [
    DeclineLanguage,
    Set<string>,
  ][]) {
    const hits = words.filter((word) => set.has(word)).length;
    if (hits > bestHits) {
      best = language;
      bestHits = hits;
    }
  }
  return best !== 'en' && bestHits < MIN_HITS ? 'en' : best;
}
