import { z } from 'zod';
import { ID_PATTERN, idRuleMessage, LIMITS } from '../limits.js';

type Range = { readonly min: number; readonly max: number };

function typeError(field: string, expected: string) {
  return (issue: { input?: unknown }) =>
    issue.input === undefined ? `${field} is required` : `${field} must be ${expected}`;
}

/** A finite number within an inclusive range, with messages that name the field. */
export function rangedNumber(field: string, range: Range) {
  const message = `${field} must be between ${range.min} and ${range.max}`;
  return z
    .number({ error: typeError(field, 'a number') })
    .min(range.min, { error: message })
    .max(range.max, { error: message });
}

/** A positive integer up to a maximum. */
export function positiveInteger(field: string, max: number) {
  return z
    .number({ error: typeError(field, 'a number') })
    .int({ error: `${field} must be a whole number` })
    .min(1, { error: `${field} must be a positive integer` })
    .max(max, { error: `${field} must be at most ${max}` });
}

/** A string with a length limit; `min` 1 makes it non-empty. */
export function text(field: string, max: number, min = 0) {
  let schema = z
    .string({ error: typeError(field, 'a string') })
    .max(max, { error: `${field} must be at most ${max} characters` });
  if (min > 0) {
    schema = schema.min(min, {
      error:
        min === 1 ? `${field} must not be empty` : `${field} must be at least ${min} characters`,
    });
  }
  return schema;
}

/** A resource, conversation or visitor id (see {@link ID_PATTERN}). */
export function id(field: string) {
  return z
    .string({ error: typeError(field, 'a string') })
    .regex(ID_PATTERN, { error: idRuleMessage(field) });
}

/** One of a fixed set of strings. */
export function oneOf<const T extends readonly [string, ...string[]]>(field: string, values: T) {
  return z.enum(values, { error: `${field} must be one of: ${values.join(', ')}` });
}

/** A list of ids with a maximum length. */
export function idList(field: string) {
  return z
    .array(id(`${field}[]`), { error: typeError(field, 'an array of ids') })
    .max(LIMITS.filterIds.max, { error: `${field} may hold at most ${LIMITS.filterIds.max} ids` });
}

/** A free-form JSON object (metadata, config). */
export function jsonObject(field: string) {
  return z.record(z.string(), z.unknown(), { error: `${field} must be an object` });
}

/** A point in time in a query string (ISO 8601 or a date), normalised to ISO 8601. */
export function instant(field: string) {
  return z
    .string({ error: `${field} must be given once, as an ISO 8601 date or time` })
    .refine((value) => value.length <= 40 && !Number.isNaN(Date.parse(value)), {
      error: `${field} must be an ISO 8601 date or time, e.g. 2026-01-31 or 2026-01-31T12:00:00Z`,
    })
    .transform((value) => new Date(value).toISOString());
}

/** A page size from a query string (1..`LIMITS.conversationPage.max`). */
export const pageSize = z
  .string({ error: 'limit must be given once, as a whole number' })
  .regex(/^\d{1,4}$/, {
    error: `limit must be a whole number from 1 to ${LIMITS.conversationPage.max}`,
  })
  .transform(Number)
  .refine((value) => value >= 1 && value <= LIMITS.conversationPage.max, {
    error: `limit must be a whole number from 1 to ${LIMITS.conversationPage.max}`,
  });

/** A search text or cursor from a query string (`LIMITS.conversationSearchLength`). */
export function searchText(field: string) {
  return z
    .string({ error: `${field} must be given once, as text` })
    .max(LIMITS.conversationSearchLength.max, {
      error: `${field} must be at most ${LIMITS.conversationSearchLength.max} characters`,
    });
}

/**
 * The error of a strict request body: a body that is not an object is told so, and one with
 * a field the request does not take is told which (zod reports both at the body itself, so
 * a bare message said "must be a JSON object" to a body that is one).
 *
 * @example
 * z.strictObject({ visitorId: id('visitorId') }, strictBodyError());
 * // {"visitorId":"v","email":"a@b.c"} → '"email" is not a field of this request'
 */
export function strictBodyError() {
  return {
    error: (issue: { code?: string; keys?: readonly PropertyKey[] }) => {
      if (issue.code !== 'unrecognized_keys' || !issue.keys?.length) {
        return 'The request body must be a JSON object';
      }
      const names = issue.keys.map((key) => `"${String(key)}"`).join(', ');
      return issue.keys.length === 1
        ? `${names} is not a field of this request`
        : `${names} are not fields of this request`;
    },
  };
}
