import type { UserErasureResponse } from '@agent-chat/protocol';
import type { Queryable } from '../store/index.js';

/**
 * Erases a signed-in user of the organization (the privacy request a host site receives):
 * the conversations of every visitor the user was, with every agent, their contacts, and
 * what was known of the user. An unknown user erases nothing (and is not an error: the
 * request is satisfied). Run it in a transaction.
 */
export async function eraseUser(
  database: Queryable,
  organizationId: string,
  userId: string,
): Promise<UserErasureResponse> {
  const visitors = await database.query<{ agent_id: string; visitor_id: string }>(
    `DELETE FROM identified_visitors WHERE organization_id = $1 AND user_id = $2
     RETURNING agent_id, visitor_id`,
    [organizationId, userId],
  );
  let conversationsDeleted = 0;
  let contactsDeleted = 0;
  for (const visitor of visitors) {
    const owner = [organizationId, visitor.agent_id, visitor.visitor_id];
    conversationsDeleted += (
      await database.query(
        `DELETE FROM conversations WHERE organization_id = $1 AND agent_id = $2 AND visitor_id = $3
         RETURNING id`,
        owner,
      )
    ).length;
    contactsDeleted += (
      await database.query(
        `DELETE FROM contacts WHERE organization_id = $1 AND agent_id = $2 AND visitor_id = $3
         RETURNING id`,
        owner,
      )
    ).length;
  }
  return { deleted: true, conversationsDeleted, contactsDeleted };
}
