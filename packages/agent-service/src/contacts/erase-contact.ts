import type { ContactErasureResponse } from '@agent-chat/protocol';
import { notFound } from '../agent-service-error.js';
import type { Queryable } from '../store/index.js';

/**
 * Erases a contact and, for privacy requests, every conversation of that visitor with
 * that agent (their messages go with them). 404 NOT_FOUND for an unknown id or another
 * organization's. Run it in a transaction.
 */
export async function eraseContact(
  database: Queryable,
  organizationId: string,
  contactId: string,
): Promise<ContactErasureResponse> {
  const contacts = await database.query<{ agent_id: string; visitor_id: string }>(
    'DELETE FROM contacts WHERE organization_id = $1 AND id = $2 RETURNING agent_id, visitor_id',
    [organizationId, contactId],
  );
  const contact = contacts[0];
  if (!contact) throw notFound('Contact', contactId);
  const conversations = await database.query(
    `DELETE FROM conversations WHERE organization_id = $1 AND agent_id = $2 AND visitor_id = $3
     RETURNING id`,
    [organizationId, contact.agent_id, contact.visitor_id],
  );
  return { deleted: true, conversationsDeleted: conversations.length };
}
