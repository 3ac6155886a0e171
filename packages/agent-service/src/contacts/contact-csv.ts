import type { Contact } from '@agent-chat/protocol';
import { csvRecord } from '../conversations/index.js';

/** The CSV export's header record (RFC 4180, CRLF). */
export const CONTACT_CSV_HEADER = csvRecord([
  'id',
  'agent_id',
  'visitor_id',
  'conversation_id',
  'email',
  'name',
  'phone',
  'consent_text',
  'created_at',
  'updated_at',
]);

/** One contact as a CSV record, cells escaped and guarded against formula injection. */
export function contactCsvRecord(contact: Contact): string {
  return csvRecord([
    contact.id,
    contact.agentId,
    contact.visitorId,
    contact.conversationId,
    contact.email,
    contact.name,
    contact.phone,
    contact.consentText,
    contact.createdAt,
    contact.updatedAt,
  ]);
}
