import type { ConversationDetail, ConversationMessage, ExportFormat } from '@agent-chat/protocol';
import { csvRecord } from './csv.js';

type Cell = Parameters<typeof csvRecord>[0][number];

/** One CSV column: its header and its cell in the row of `message` (none: no messages). */
interface CsvColumn {
  name: string;
  cell(conversation: ConversationDetail, message: ConversationMessage | undefined): Cell;
}

/**
 * Columns of the CSV export, in order, each with its value: one row per message, the
 * conversation's fields repeated. Sources are their URLs (or datasource names),
 * space-separated.
 */
const CSV_COLUMNS: readonly CsvColumn[] = [
  { name: 'conversationId', cell: (conversation) => conversation.id },
  { name: 'agentId', cell: (conversation) => conversation.agentId },
  { name: 'visitorId', cell: (conversation) => conversation.visitorId },
  { name: 'status', cell: (conversation) => conversation.status },
  { name: 'messageId', cell: (_, message) => message?.id },
  { name: 'createdAt', cell: (_, message) => message?.createdAt },
  { name: 'role', cell: (_, message) => message?.role },
  { name: 'text', cell: (_, message) => message?.text },
  { name: 'eval', cell: (_, message) => message?.eval },
  { name: 'comment', cell: (_, message) => message?.comment },
  { name: 'answerer', cell: (_, message) => message?.metadata?.answerer },
  { name: 'latencyMs', cell: (_, message) => message?.metadata?.latencyMs },
  { name: 'found', cell: (_, message) => message?.metadata?.found },
  {
    name: 'sources',
    cell: (_, message) =>
      message?.sources.map((source) => source.source_url ?? source.datasource_name).join(' '),
  },
];

/** Content type of each export format. */
export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  jsonl: 'application/x-ndjson; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
};

/** What an export starts with: the CSV header row, or nothing for JSONL. */
export function exportHeader(format: ExportFormat): string {
  return format === 'csv' ? csvRecord(CSV_COLUMNS.map((column) => column.name)) : '';
}

/**
 * One conversation in an export: a JSON line (the `GET /api/conversations/{id}` shape),
 * or one CSV row per message (a conversation without messages gets one row with empty
 * message cells).
 */
export function exportRecord(format: ExportFormat, conversation: ConversationDetail): string {
  if (format === 'jsonl') return `${JSON.stringify(conversation)}\n`;
  const messages = conversation.messages.length === 0 ? [undefined] : conversation.messages;
  return messages
    .map((message) => csvRecord(CSV_COLUMNS.map((column) => column.cell(conversation, message))))
    .join('');
}
