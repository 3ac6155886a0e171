import type { Contact } from '@agent-chat/protocol';

/** A `contacts` row as {@link CONTACT_COLUMNS} selects it. */
export interface ContactRow {
  id: string;
  agent_id: string;
  visitor_id: string;
  conversation_id: string | null;
  email: string;
  name: string | null;
  phone: string | null;
  consent_text: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  /** `updated_at::text`, full precision, for list cursors. */
  cursor_time: string;
}

/** The columns {@link toContact} reads, from contacts `k`. */
export const CONTACT_COLUMNS = `k.id, k.agent_id, k.visitor_id, k.conversation_id, k.email, k.name,
  k.phone, k.consent_text, k.created_at, k.updated_at, k.updated_at::text AS cursor_time`;

const iso = (value: Date | string) => new Date(value).toISOString();

/** Converts a stored row to the API's {@link Contact}. */
export function toContact(row: ContactRow): Contact {
  return {
    id: row.id,
    agentId: row.agent_id,
    visitorId: row.visitor_id,
    conversationId: row.conversation_id,
    email: row.email,
    name: row.name,
    phone: row.phone,
    consentText: row.consent_text,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}
