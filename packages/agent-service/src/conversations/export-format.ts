import type { ConversationDetail, ExportFormat } from '@agent-chat/protocol';
import { csvRecord } from './csv.js';

/** Columns of the CSV export: one row per message, the conversation's fields repeated. */
const CSV_COLUMNS = [
  'conversationId',
  'agentId',
  'visitorId',
  'status',
  'messageId',
  'createdAt',
  'role',
  'text',
  'eval',
  'comment',
  'answerer',
  'latencyMs',
  'found',
  'sources',
] as const;

/** The content type of each export format (the format's name is also the file's extension). */
export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  jsonl: 'application/x-ndjson; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
};

/** What an export starts with: the CSV header row, or nothing for JSONL. */
export function exportHeader(format: ExportFormat): string {
  return format === 'csv' ? csvRecord(CSV_COLUMNS) : '';
}

/**
 * One conversation in an export: a JSON line (the `GET /api/conversations/{id}` shape),
 * or one CSV row per message (a conversation without messages gets one row with empty
 * message cells). Sources in CSV are their URLs (or datasource names), space-separated.
 */
export function exportRecord(format: ExportFormat, conversation: ConversationDetail): string {
  if (format === 'jsonl') return `${JSON.stringify(conversation)}\n`;
  const prefix = [
    conversation.id,
    conversation.agentId,
    conversation.visitorId,
    conversation.status,
  ];
  if (conversation.messages.length === 0) return csvRecord(prefix);
  return conversation.messages
    .map((message) =>
      csvRecord([
        ...prefix,
        message.id,
        message.createdAt,
        message.role,
        message.text,
        message.eval,
        message.comment,
        message.metadata?.answerer,
        message.metadata?.latencyMs,
        message.metadata?.found,
        message.sources.map((source) => source.source_url ?? source.datasource_name).join(' '),
      ]),
    )
    .join('');
}
