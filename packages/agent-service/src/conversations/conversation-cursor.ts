import { ID_PATTERN } from '@agent-chat/protocol';
import { invalidRequest } from '../agent-service-error.js';

/** A position in the conversation list: the last row's `updated_at` (as Postgres wrote it) and id. */
export interface ConversationCursor {
  /** `updated_at::text`: full microsecond precision, cast back with `::timestamptz`. */
  updatedAt: string;
  id: string;
}

/** `timestamptz::text` in Postgres's default ISO DateStyle, e.g. `2026-01-31 12:00:00.123456+00`. */
const POSTGRES_TIME = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d{1,6})?[+-]\d\d(:\d\d)?$/;

/** Encodes a list position as an opaque, URL-safe `nextCursor`. */
export function encodeCursor(cursor: ConversationCursor): string {
  return Buffer.from(JSON.stringify([cursor.updatedAt, cursor.id])).toString('base64url');
}

/** Decodes a `cursor` parameter; a cursor this service did not write is 400 INVALID_REQUEST. */
export function decodeCursor(text: string): ConversationCursor {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === 'string' &&
      typeof value[1] === 'string' &&
      POSTGRES_TIME.test(value[0]) &&
      !Number.isNaN(Date.parse(value[0].replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00'))) &&
      ID_PATTERN.test(value[1])
    ) {
      return { updatedAt: value[0], id: value[1] };
    }
  } catch {
    // Not base64url JSON: reported below.
  }
  throw invalidRequest('cursor is not valid: pass the nextCursor of a previous page unchanged');
}
