import {
  type Agent,
  type ContactCaptureTrigger,
  type ContactOffer,
  DEFAULT_CONTACT_CAPTURE,
} from '@agent-chat/protocol';
import type { Queryable } from '../store/index.js';

/**
 * The contact form to offer a visitor now, if any: the first of `reasons` whose trigger
 * the agent has on (contact capture enabled), unless the visitor already left a contact
 * for this agent. `reasons` are the triggers the caller saw happen (e.g. `handoff` for a
 * conversation in handoff, `no_answer` for a decline); none means no offer, and no read.
 */
export async function contactOffer(
  database: Queryable,
  owner: { organizationId: string; agent: Agent; visitorId: string },
  reasons: readonly ContactCaptureTrigger[],
): Promise<ContactOffer | undefined> {
  const settings = owner.agent.contactCapture ?? DEFAULT_CONTACT_CAPTURE;
  if (!settings.enabled) return undefined;
  const reason = reasons.find((candidate) => settings.triggers.includes(candidate));
  if (reason === undefined) return undefined;
  const existing = await database.query(
    'SELECT 1 FROM contacts WHERE organization_id = $1 AND agent_id = $2 AND visitor_id = $3',
    [owner.organizationId, owner.agent.id, owner.visitorId],
  );
  if (existing.length > 0) return undefined;
  return { reason, fields: { ...settings.fields }, consentText: settings.consentText };
}
