import { normalizeEvalText } from './eval-normalize-text.js';

/**
 * Sentences that say the documents do not answer, matched (after
 * {@link normalizeEvalText}) at the start of an answer: the service's own "I don't know: the
 * documents I have access to don't cover that." and the usual ways a model says it. English only; an answer in
 * another language is recognised by being short (see {@link isDecline}).
 */
const declinePatterns: readonly RegExp[] = [
  /\bi (?:do not|don't|dont) know\b/,
  /\bi (?:could not|couldn't|cannot|can't|can not|was unable to|am unable to) find\b/,
  /\b(?:i|we) (?:do not|don't) have (?:any )?(?:information|details|documentation)\b/,
  /\b(?:there is|there's|i found|i have) no (?:relevant )?(?:information|mention|documentation)\b/,
  /\b(?:documents?|docs|documentation|context|sources?) (?:do not|does not|don't|doesn't) (?:cover|mention|say|describe|contain|include)\b/,
  /\bnot (?:covered|mentioned|documented|described) in (?:the|my|these|any)\b/,
  /\b(?:not able|unable) to (?:find|answer)\b/,
];

/** How far into an answer a decline sentence is looked for, in characters. */
const DECLINE_SEARCH_CHARS = 200;

/** The longest answer that counts as a decline without a decline sentence, in characters. */
export const SHORT_DECLINE_CHARS = 200;

/** Whether the answer opens by saying that the documents do not answer the question. */
export function saysItDoesNotKnow(answer: string): boolean {
  const opening = normalizeEvalText(answer).slice(0, DECLINE_SEARCH_CHARS);
  return declinePatterns.some((pattern) => pattern.test(opening));
}

/**
 * Whether a reply declines, as an out-of-scope question should be answered: it cites no
 * source, and it says it does not know within its first 200 characters
 * ({@link saysItDoesNotKnow}) or is at most 200 characters long (a one-sentence "not
 * found" in any language). A reply with sources never declines: quoting something is
 * answering.
 */
export function isDecline(reply: { answer: string; sources: readonly unknown[] }): boolean {
  if (reply.sources.length > 0) return false;
  return (
    saysItDoesNotKnow(reply.answer) || normalizeEvalText(reply.answer).length <= SHORT_DECLINE_CHARS
  );
}

/**
 * Whether a reply refuses an answerable question: it cites no source, or it says it does
 * not know ({@link saysItDoesNotKnow}) even though it cites some.
 */
export function isRefusal(reply: { answer: string; sources: readonly unknown[] }): boolean {
  return reply.sources.length === 0 || saysItDoesNotKnow(reply.answer);
}
