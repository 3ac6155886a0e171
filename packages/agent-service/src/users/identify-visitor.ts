import type {
  Agent,
  IdentifiedVisitorResponse,
  IdentifiedVisitorSubmission,
} from '@agent-chat/protocol';
import { createId, type Queryable } from '../store/index.js';

/**
 * Records that a visitor of `agent` is a signed-in user (the BFF verified the host's
 * signature): the name, email and attributes it gives replace what was known, and what it
 * leaves out is kept for the same user (a page that signs the user in with only an id, as `data-user-id` does on
 * every page view, does not wipe the attributes an earlier `identify()` gave). With an email, the
 * user is also the visitor's contact (so no contact form is offered, and handoff mails
 * reply to it). `merge` moves the anonymous visitor's conversations among its ids to the
 * user's visitor; ids that are not that visitor's with this agent are left alone. Run it
 * in a transaction.
 */
export async function identifyVisitor(
  database: Queryable,
  organizationId: string,
  agent: Agent,
  submission: IdentifiedVisitorSubmission,
): Promise<IdentifiedVisitorResponse> {
  await database.query(
    `INSERT INTO identified_visitors AS i (organization_id, agent_id, visitor_id, user_id,
       name, email, attributes)
     VALUES ($1, $2, $3, $4, $5, $6, COALESCE($7::jsonb, '{}'::jsonb))
     ON CONFLICT (organization_id, agent_id, visitor_id) DO UPDATE SET
       user_id = EXCLUDED.user_id,
       name = CASE WHEN i.user_id = EXCLUDED.user_id THEN COALESCE(EXCLUDED.name, i.name)
         ELSE EXCLUDED.name END,
       email = CASE WHEN i.user_id = EXCLUDED.user_id THEN COALESCE(EXCLUDED.email, i.email)
         ELSE EXCLUDED.email END,
       attributes = CASE WHEN i.user_id = EXCLUDED.user_id
         THEN COALESCE($7::jsonb, i.attributes) ELSE EXCLUDED.attributes END,
       updated_at = now()`,
    [
      organizationId,
      agent.id,
      submission.visitorId,
      submission.userId,
      submission.name ?? null,
      submission.email ?? null,
      submission.attributes === undefined ? null : JSON.stringify(submission.attributes),
    ],
  );
  if (submission.email !== undefined) {
    await database.query(
      `INSERT INTO contacts AS k (organization_id, id, agent_id, visitor_id, email, name)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (organization_id, agent_id, visitor_id) DO UPDATE SET
         email = EXCLUDED.email, name = COALESCE(EXCLUDED.name, k.name), updated_at = now()`,
      [
        organizationId,
        createId(),
        agent.id,
        submission.visitorId,
        submission.email,
        submission.name ?? null,
      ],
    );
  }
  const merge = submission.merge;
  if (!merge || merge.conversationIds.length === 0 || merge.visitorId === submission.visitorId) {
    return { mergedConversationIds: [] };
  }
  const moved = await database.query<{ id: string }>(
    `UPDATE conversations SET visitor_id = $4
     WHERE organization_id = $1 AND agent_id = $2 AND visitor_id = $3 AND id = ANY($5::text[])
     RETURNING id`,
    [organizationId, agent.id, merge.visitorId, submission.visitorId, [...merge.conversationIds]],
  );
  return { mergedConversationIds: moved.map((row) => row.id) };
}
