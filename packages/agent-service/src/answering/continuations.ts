/**
 * Sentences and paragraphs that continue the one before them: they open by referring back
 * to it ("To prevent this, …", "In contrast, …", "Fortunately this is …", "This example
 * uses …"). Documentation often states a problem in one sentence and its answer in the
 * next, in words of its own ("… can contain a javascript: URI." then "To prevent this,
 * you'll need to set the Content Security Policy (CSP) response header."): the answer
 * shares the question's words only through the sentence it continues, so an answer ranks
 * and quotes the two together.
 */

// A connective or a demonstrative opening the text (after emphasis or a bracket): what it
// says is about what came just before. English, as the rest of the answer's reading is;
// closed-class words, not any site's vocabulary.
const CONTINUATION =
  /^[\s*_(]*(?:however|but|instead|otherwise|therefore|thus|hence|consequently|conversely|fortunately|unfortunately|in contrast|as a result|in (?:this|that|such|either|both|which) cases?|for this reason|because of (?:this|that)|to (?:avoid|prevent|fix|change|solve|work around|do) (?:this|that|so|it)|doing so|this|that|these|those|such)\b/i;

/**
 * Whether a sentence or a paragraph opens by referring back to the one before it.
 *
 * @example
 * continuesPrevious('To prevent this, set the CSP header.'); // true
 * continuesPrevious('The `href` attribute can hold a URI.'); // false
 */
export const continuesPrevious = (text: string): boolean => CONTINUATION.test(text);
