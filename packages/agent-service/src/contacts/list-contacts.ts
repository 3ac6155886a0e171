import {
  type Contact,
  type ContactListQuery,
  type ContactListResponse,
  LIMITS,
} from '@agent-chat/protocol';
import { decodeCursor, encodeCursor } from '../conversations/index.js';
import type { Queryable } from '../store/index.js';
import { CONTACT_COLUMNS, type ContactRow, toContact } from './contact-row.js';

/** Contacts read per statement by {@link allContacts}. */
const EXPORT_BATCH = 500;

/** The list's filters: `q` (email, name or phone) and `agentId`. */
type ContactFilters = Pick<ContactListQuery, 'q' | 'agentId'>;

/** `LIKE` pattern matching `text` anywhere, with its wildcards taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;

/** One keyset page, most recently updated first; `cursor` is the previous page's last row. */
async function page(
  database: Queryable,
  organizationId: string,
  filters: ContactFilters,
  cursor: string | undefined,
  limit: number,
): Promise<{ contacts: Contact[]; nextCursor: string | null }> {
  const params: unknown[] = [organizationId];
  const conditions = ['k.organization_id = $1'];
  const add = (value: unknown, condition: (placeholder: string) => string) => {
    params.push(value);
    conditions.push(condition(`$${params.length}`));
  };
  if (filters.agentId !== undefined) add(filters.agentId, (p) => `k.agent_id = ${p}`);
  const search = filters.q?.trim();
  if (search) {
    add(
      containing(search),
      (p) => `(k.email ILIKE ${p} OR k.name ILIKE ${p} OR k.phone ILIKE ${p})`,
    );
  }
  if (cursor !== undefined) {
    const position = decodeCursor(cursor);
    params.push(position.updatedAt, position.id);
    conditions.push(
      `(k.updated_at, k.id) < ($${params.length - 1}::timestamptz, $${params.length})`,
    );
  }
  params.push(limit + 1);
  const rows = await database.query<ContactRow>(
    `SELECT ${CONTACT_COLUMNS} FROM contacts k WHERE ${conditions.join(' AND ')}
     ORDER BY k.updated_at DESC, k.id DESC LIMIT $${params.length}`,
    params,
  );
  const kept = rows.slice(0, limit);
  const last = kept.at(-1);
  return {
    contacts: kept.map(toContact),
    nextCursor:
      rows.length > limit && last
        ? encodeCursor({ updatedAt: last.cursor_time, id: last.id })
        : null,
  };
}

/**
 * One page of the organization's contacts, most recently updated first (keyset pages on
 * `(updated_at, id)` like the conversation list), filtered by agent and by `q`, a
 * case-insensitive substring of the email, name or phone.
 */
export function listContacts(
  database: Queryable,
  organizationId: string,
  query: ContactListQuery,
): Promise<ContactListResponse> {
  return page(
    database,
    organizationId,
    query,
    query.cursor,
    query.limit ?? LIMITS.conversationPage.default,
  );
}

/** Every matching contact, in the list's order, read a batch at a time (for the CSV export). */
export async function* allContacts(
  database: Queryable,
  organizationId: string,
  filters: ContactFilters,
): AsyncGenerator<Contact> {
  let cursor: string | undefined;
  do {
    const batch = await page(database, organizationId, filters, cursor, EXPORT_BATCH);
    yield* batch.contacts;
    cursor = batch.nextCursor ?? undefined;
  } while (cursor !== undefined);
}
