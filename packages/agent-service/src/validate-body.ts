import { parseBody } from '@agent-chat/protocol/schemas';
import { invalidRequest } from './agent-service-error.js';

type Schema = Parameters<typeof parseBody>[0];

/**
 * Validates a request body with a protocol schema and returns it typed as the protocol's
 * body type `T` (the schema's output; zod drops unknown fields and leaves absent optional
 * fields absent). Throws a 400 INVALID_REQUEST naming the field and the rule otherwise.
 *
 * @example
 * const body = validateBody<AgentCreateBody>(agentCreateSchema, req.body);
 */
export function validateBody<T>(schema: Schema, body: unknown): T {
  const result = parseBody(schema, body);
  if (!result.success) throw invalidRequest(result.message);
  return result.data as T;
}
