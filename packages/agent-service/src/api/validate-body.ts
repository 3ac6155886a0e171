import { hasNul } from '@agent-chat/protocol';
import { parseBody } from '@agent-chat/protocol/schemas';
import { invalidRequest } from '../agent-service-error.js';

type Schema = Parameters<typeof parseBody>[0];

/** Options of {@link validateBody}. */
interface ValidateBodyOptions {
  /**
   * Fields (paths like `documents[2].text`) that may hold NUL characters because the
   * service strips them itself (document texts). Default: none.
   */
  nulAllowed?: (field: string) => boolean;
}

/** Deepest nesting of arrays and objects a body may have (metadata is free-form JSON). */
const MAX_BODY_DEPTH = 64;

/**
 * The first field of `body` that JSON parsing and the schema accept but storage cannot:
 * a string or object key holding a NUL character (outside the fields `nulAllowed`
 * accepts), or nesting deeper than {@link MAX_BODY_DEPTH}. Walks without recursion, so a
 * hostile body cannot overflow the stack.
 */
function findUnstorable(
  body: unknown,
  nulAllowed: (field: string) => boolean,
): { field: string; rule: string } | undefined {
  const pending: { value: unknown; field: string; depth: number }[] = [
    { value: body, field: '', depth: 0 },
  ];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { value, field, depth } = next;
    // A NUL in the path comes from an object key.
    if (hasNul(field) || (typeof value === 'string' && hasNul(value))) {
      if (!nulAllowed(field)) return { field, rule: 'must not contain NUL characters (\\u0000)' };
    }
    if (typeof value !== 'object' || value === null) continue;
    if (depth >= MAX_BODY_DEPTH) {
      return { field, rule: `must not nest arrays and objects more than ${MAX_BODY_DEPTH} deep` };
    }
    const children = Array.isArray(value)
      ? value.map((item, index) => ({ value: item, field: `${field}[${index}]` }))
      : Object.entries(value).map(([key, item]) => ({
          value: item,
          field: field === '' ? key : `${field}.${key}`,
        }));
    // Reversed onto the stack, so fields are checked in document order.
    for (const child of children.reverse()) pending.push({ ...child, depth: depth + 1 });
  }
  return undefined;
}

/**
 * Validates a request body with a protocol schema and returns it typed as the protocol's
 * body type `T` (the schema's output; zod drops unknown fields and leaves absent optional
 * fields absent). Throws a 400 INVALID_REQUEST naming the field and the rule otherwise.
 * Strings may not hold NUL characters (`\u0000`), which Postgres text cannot store, and
 * nothing may nest deeper than {@link MAX_BODY_DEPTH}: without these checks such bodies
 * would fail deep in the database (or the stack) as a 500.
 *
 * @example
 * const body = validateBody<AgentCreateBody>(agentCreateSchema, req.body);
 */
export function validateBody<T>(
  schema: Schema,
  body: unknown,
  options: ValidateBodyOptions = {},
): T {
  const result = parseBody(schema, body);
  if (!result.success) throw invalidRequest(result.message);
  const problem = findUnstorable(result.data, options.nulAllowed ?? (() => false));
  if (problem !== undefined) {
    throw invalidRequest(`${problem.field.replaceAll('\u0000', '\\u0000')} ${problem.rule}`);
  }
  return result.data as T;
}
