import { FOLLOW_UPS_LIMIT } from './limits.js';

/**
 * The follow-up questions in a parsed JSON value (a query response's `followUps`), or
 * `undefined` when it is absent or not an array: its strings, trimmed, without empty ones,
 * duplicates or ones longer than `LIMITS.followUps.length`, at most `LIMITS.followUps.max`.
 * What the accumulator, the BFF and the widget trust from an upstream. Browser-safe (no zod).
 *
 * @example
 * readFollowUps(['Tell me about Install (Guide)', 42, '']); // ['Tell me about Install (Guide)']
 * readFollowUps('nope'); // undefined
 */
export function readFollowUps(value: unknown): string[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const questions: string[] = [];
  for (const item of value) {
    if (questions.length === FOLLOW_UPS_LIMIT.max) break;
    if (typeof item !== 'string') continue;
    const question = item.trim();
    if (question === '' || question.length > FOLLOW_UPS_LIMIT.length) continue;
    if (!questions.includes(question)) questions.push(question);
  }
  return questions;
}
