import {
  type Agent,
  type Contact,
  type ContactFieldMode,
  type ContactSubmission,
  DEFAULT_CONTACT_CAPTURE,
} from '@agent-chat/protocol';
import { contactCaptureDisabled, invalidRequest, notFound } from '../agent-service-error.js';
import { createId, type Queryable } from '../store/index.js';
import { CONTACT_COLUMNS, type ContactRow, toContact } from './contact-row.js';

/** A saved contact, and whether it is new (the visitor had none for this agent). */
export interface SavedContact {
  contact: Contact;
  created: boolean;
}

/** An optional field's value as the agent's form asks for it: 400 when it breaks the mode. */
function fieldValue(
  field: 'name' | 'phone',
  mode: ContactFieldMode,
  given: string | undefined,
): string | null {
  const value = given === undefined || given === '' ? null : given;
  if (mode === 'required' && value === null) {
    throw invalidRequest(`${field} is required by this agent's contact form`);
  }
  if (mode === 'off' && value !== null) {
    throw invalidRequest(`${field} is not asked for by this agent's contact form; leave it out`);
  }
  return value;
}

/**
 * Stores a visitor's contact for an agent: one per (agent, visitor), so sending again
 * replaces the details (and keeps the first conversation unless a new one is named).
 * 403 `CONTACT_CAPTURE_DISABLED` when the agent does not capture contacts; 400 when a
 * field breaks the agent's form (`required` missing, `off` present); 404 when
 * `conversationId` is not a conversation of this visitor with this agent. Without
 * `consentText`, the agent's current sentence is recorded. Run it in a transaction.
 */
export async function saveContact(
  database: Queryable,
  organizationId: string,
  agent: Agent,
  submission: ContactSubmission,
): Promise<SavedContact> {
  const settings = agent.contactCapture ?? DEFAULT_CONTACT_CAPTURE;
  if (!settings.enabled) throw contactCaptureDisabled(agent.id);
  const name = fieldValue('name', settings.fields.name, submission.name);
  const phone = fieldValue('phone', settings.fields.phone, submission.phone);
  const conversationId = submission.conversationId ?? null;
  if (conversationId !== null) {
    const owned = await database.query(
      `SELECT 1 FROM conversations
       WHERE organization_id = $1 AND id = $2 AND agent_id = $3 AND visitor_id = $4`,
      [organizationId, conversationId, agent.id, submission.visitorId],
    );
    if (owned.length === 0) throw notFound('Conversation', conversationId);
  }
  const id = createId();
  const rows = await database.query<ContactRow>(
    `INSERT INTO contacts AS k (organization_id, id, agent_id, visitor_id, conversation_id,
       email, name, phone, consent_text)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (organization_id, agent_id, visitor_id) DO UPDATE SET
       conversation_id = COALESCE(EXCLUDED.conversation_id, k.conversation_id),
       email = EXCLUDED.email, name = EXCLUDED.name, phone = EXCLUDED.phone,
       consent_text = EXCLUDED.consent_text, updated_at = now()
     RETURNING ${CONTACT_COLUMNS}`,
    [
      organizationId,
      id,
      agent.id,
      submission.visitorId,
      conversationId,
      submission.email,
      name,
      phone,
      submission.consentText === undefined ? settings.consentText : submission.consentText,
    ],
  );
  const row = rows[0] as ContactRow;
  return { contact: toContact(row), created: row.id === id };
}
