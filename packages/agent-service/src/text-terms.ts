/**
 * Word handling shared by retrieval re-ranking and the extractive answerer: stop words,
 * a crude stemmer, and term sets.
 */
const STOP_WORDS = new Set(
  `a about above after again all am an and any are as at be because been before being below
  between both but by can could did do does doing down during each few for from further had has
  have having he her here hers him his how i if in into is it its itself just me more most my no
  nor not now of off on once only or other our ours out over own please same she should so some
  such tell than that the their them then there these they this those through to too under until
  up very was we were what when where which while who whom why will with would you your yours
  explain show know want need get use using way`.split(/\s+/),
);

/** A crude English stemmer: enough to match `embedding` with `embed` and `widgets` with `widget`. */
export function stem(word: string): string {
  let result = word.toLowerCase();
  for (const suffix of ['ations', 'ation', 'ings', 'ing', 'edly', 'ed', 'ies', 'es', 's', 'ly']) {
    if (result.length - suffix.length >= 3 && result.endsWith(suffix)) {
      result = result.slice(0, -suffix.length);
      if (suffix === 'ies') result += 'y';
      break;
    }
  }
  // `embedd` (from embedding) → `embed`
  if (/([b-df-hj-np-tv-z])\1$/.test(result) && result.length > 3) result = result.slice(0, -1);
  return result;
}

/** The meaningful words of a text, stemmed. */
export function queryTerms(text: string): Set<string> {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return new Set(words.filter((word) => !STOP_WORDS.has(word)).map(stem));
}

/** Every word of a text, stemmed. */
export function termsOf(text: string): Set<string> {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return new Set(words.map(stem));
}
