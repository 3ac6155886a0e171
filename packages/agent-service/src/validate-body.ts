import { parseBody } from '@agent-chat/protocol/schemas';
import { invalidRequest } from './agent-service-error.js';

type Schema = Parameters<typeof parseBody>[0];

/** Options of {@link validateBody}. */
export interface ValidateBodyOptions {
  /**
   * Fields (paths like `documents[2].text`) that may hold NUL characters because the
   * service strips them itself (document texts). Default: none.
   */
  nulAllowed?: (field: string) => boolean;
}

/**
 * The path of the first string or object key in `value` that holds a NUL character,
 * outside the fields `allowed` accepts.
 */
function findNul(
  value: unknown,
  path: string,
  allowed: (field: string) => boolean,
): string | undefined {
  if (typeof value === 'string') {
    return value.includes('\u0000') && !allowed(path) ? path : undefined;
  }
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findNul(item, `${path}[${index}]`, allowed);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      const field = path === '' ? key : `${path}.${key}`;
      if (key.includes('\u0000')) return field;
      const found = findNul(item, field, allowed);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/**
 * Validates a request body with a protocol schema and returns it typed as the protocol's
 * body type `T` (the schema's output; zod drops unknown fields and leaves absent optional
 * fields absent). Throws a 400 INVALID_REQUEST naming the field and the rule otherwise.
 * Strings may not hold NUL characters (`\u0000`), which Postgres text cannot store:
 * without this check they would fail deep in the database as a 500.
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
  const field = findNul(result.data, '', options.nulAllowed ?? (() => false));
  if (field !== undefined) {
    throw invalidRequest(
      `${field.replaceAll('\u0000', '\\u0000')} must not contain NUL characters (\\u0000)`,
    );
  }
  return result.data as T;
}
