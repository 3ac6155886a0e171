import type { Migration } from './migration.js';

/** Migration 16: the outbox of mails and webhook deliveries. */
export const outbox: Migration = {
  id: 16,
  name: 'outbox of mails and webhook deliveries',
  // One row per mail or event delivery. A worker claims due rows (`pending`,
  // `next_attempt_at` passed) with FOR UPDATE SKIP LOCKED and moves `next_attempt_at` past
  // its attempt before sending, so another process skips a row in flight and takes it over
  // if this one dies. `payload` is what the transport needs (the mail, or the event body);
  // secrets (SMTP password, webhook key) are never stored. No foreign key to conversations:
  // the log outlives an erased conversation until it is pruned, and holds no transcript
  // once delivered (the payload is cleared).
  sql: `
CREATE TABLE outbox (
  id text PRIMARY KEY,
  organization_id text NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('mail', 'webhook')),
  topic text NOT NULL,
  target text NOT NULL,
  summary text NOT NULL,
  conversation_id text,
  payload jsonb NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_error text,
  delivered_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  seq bigint GENERATED ALWAYS AS IDENTITY
);
CREATE INDEX outbox_due ON outbox (next_attempt_at) WHERE status = 'pending';
CREATE INDEX outbox_log ON outbox (organization_id, seq DESC);
`,
};
