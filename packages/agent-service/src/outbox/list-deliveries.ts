import {
  type Delivery,
  type DeliveryKind,
  type DeliveryListQuery,
  type DeliveryListResponse,
  type DeliveryStatus,
  LIMITS,
} from '@agent-chat/protocol';
import { invalidRequest } from '../agent-service-error.js';
import type { Queryable } from '../store/index.js';

interface DeliveryRow {
  id: string;
  kind: DeliveryKind;
  topic: string;
  target: string;
  summary: string;
  conversation_id: string | null;
  status: DeliveryStatus;
  attempts: number;
  next_attempt_at: Date | string;
  last_error: string | null;
  delivered_at: Date | string | null;
  created_at: Date | string;
  seq: string | number;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * The delivery log of an organization, newest first, in keyset pages: each row with its
 * status, attempts, next attempt and last error, so failing mails and events are visible.
 * `cursor` is the previous page's `nextCursor` (400 when it is not one).
 */
export async function listDeliveries(
  database: Queryable,
  organizationId: string,
  query: DeliveryListQuery,
): Promise<DeliveryListResponse> {
  const limit = query.limit ?? LIMITS.conversationPage.default;
  if (query.cursor !== undefined && !/^\d{1,18}$/.test(query.cursor)) {
    throw invalidRequest('cursor must be the nextCursor of a previous page.');
  }
  const rows = await database.query<DeliveryRow>(
    `SELECT id, kind, topic, target, summary, conversation_id, status, attempts,
       next_attempt_at, last_error, delivered_at, created_at, seq
     FROM outbox
     WHERE organization_id = $1
       AND ($2::text IS NULL OR status = $2)
       AND ($3::text IS NULL OR kind = $3)
       AND ($4::bigint IS NULL OR seq < $4)
     ORDER BY seq DESC
     LIMIT $5`,
    [organizationId, query.status ?? null, query.kind ?? null, query.cursor ?? null, limit + 1],
  );
  const page = rows.slice(0, limit);
  const deliveries: Delivery[] = page.map((row) => ({
    id: row.id,
    kind: row.kind,
    topic: row.topic,
    target: row.target,
    summary: row.summary,
    conversationId: row.conversation_id,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: row.status === 'pending' ? iso(row.next_attempt_at) : null,
    lastError: row.last_error,
    deliveredAt: row.delivered_at === null ? null : iso(row.delivered_at),
    createdAt: iso(row.created_at),
  }));
  return {
    deliveries,
    nextCursor: rows.length > limit ? String(page.at(-1)?.seq) : null,
  };
}
