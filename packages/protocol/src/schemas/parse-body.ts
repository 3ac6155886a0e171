import type { z } from 'zod';

/** Outcome of {@link parseBody}. */
export type ParseBodyResult<T> =
  | { success: true; data: T }
  | { success: false; field: string; message: string };

function pathOf(path: readonly PropertyKey[]): string {
  return path
    .map((key, index) =>
      typeof key === 'number' ? `[${key}]` : `${index === 0 ? '' : '.'}${String(key)}`,
    )
    .join('');
}

/**
 * Validates a request body and, on failure, returns the first problem as one sentence a
 * person can act on ("temperature must be between 0 and 1"), plus the field's path.
 */
export function parseBody<S extends z.ZodType>(
  schema: S,
  body: unknown,
): ParseBodyResult<z.output<S>> {
  const result = schema.safeParse(body);
  if (result.success) return { success: true, data: result.data };
  const issue = result.error.issues[0];
  if (!issue) return { success: false, field: '', message: 'The request body is invalid' };
  const field = pathOf(issue.path);
  const message =
    field &&
    !issue.message.startsWith(field.replace(/\[\d+\]/g, '')) &&
    !issue.message.includes(' must ')
      ? `${field}: ${issue.message}`
      : issue.message;
  return { success: false, field, message };
}
