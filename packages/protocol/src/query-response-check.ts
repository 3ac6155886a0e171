import type { QueryResponse } from './query.js';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Whether a parsed JSON value is a {@link QueryResponse}: an object with a string
 * `answer`, `conversationId` and `visitorId`, `sources` an array of objects (absent is
 * tolerated: the hosted service may leave it out when nothing was retrieved), and
 * `messageId`, when present, a string. Other fields are allowed (the hosted service adds
 * some). Checks the shape only, without copying or re-serialising: cheap enough for every
 * relayed answer. Browser-safe (no zod).
 *
 * @example
 * isQueryResponse(JSON.parse(text)); // false for `{"answer":42}`
 */
export function isQueryResponse(value: unknown): value is QueryResponse {
  if (!isObject(value)) return false;
  if (typeof value.answer !== 'string') return false;
  if (typeof value.conversationId !== 'string' || typeof value.visitorId !== 'string') {
    return false;
  }
  if (value.messageId !== undefined && typeof value.messageId !== 'string') return false;
  const sources = value.sources;
  if (sources === undefined) return true;
  if (!Array.isArray(sources)) return false;
  for (const source of sources) if (!isObject(source)) return false;
  return true;
}
