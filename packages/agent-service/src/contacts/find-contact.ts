import type { Contact } from '@agent-chat/protocol';
import type { Queryable } from '../store/index.js';
import { CONTACT_COLUMNS, type ContactRow, toContact } from './contact-row.js';

/** The contact a visitor left with an agent, or `null` (one per agent and visitor). */
export async function findContact(
  database: Queryable,
  agentId: string,
  visitorId: string,
): Promise<Contact | null> {
  const rows = await database.query<ContactRow>(
    `SELECT ${CONTACT_COLUMNS} FROM contacts k WHERE k.agent_id = $1 AND k.visitor_id = $2`,
    [agentId, visitorId],
  );
  return rows[0] ? toContact(rows[0]) : null;
}
