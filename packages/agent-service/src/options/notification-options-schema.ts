import { optionDocs, wholeNumberFromEnv, wholeNumberSchema } from '@agent-chat/protocol/options';
import { z } from 'zod';
import type { FindContact } from '../notifications/index.js';
import { type OutboxWorkerOptions, WEBHOOK_SECRET_MIN_LENGTH } from '../outbox/index.js';
import { httpUrl } from './http-url.js';
import { optionGroup } from './option-group.js';

/** Where the signed event stream goes: the receiver's URL and the signing key. */
export interface WebhookSettings {
  url: string;
  secret: string;
}

/** The outbox's tuning (the service supplies its database, transports, clock and logger). */
export type OutboxSettings = Omit<
  OutboxWorkerOptions,
  'database' | 'mail' | 'webhook' | 'now' | 'logger'
> & {
  /** Longest wait for one webhook answer or SMTP reply, ms. Default 10 000. */
  timeoutMs?: number;
};

/** A plausible single address (`name@host`), no spaces or control characters. */
const emailAddress = (variable: string) =>
  z
    .string({ error: `must be an email address like ops@example.com` })
    .regex(/^[^\s@<>",;]+@[^\s@<>",;]+$/, {
      error: `must be one email address like ops@example.com (${variable})`,
    });

const isFunction = (value: unknown): boolean => typeof value === 'function';

/** The webhook group, declared twice: `WEBHOOK_*`, and the `HANDOFF_WEBHOOK_*` alias. */
function webhookGroup(prefix: string, description: string) {
  return optionGroup<WebhookSettings>({
    url: httpUrl(
      'https://hooks.example/agent-chat',
      'is required with the webhook secret',
    ).register(optionDocs, { env: `${prefix}_URL`, defaultText: 'none', description }),
    secret: z
      .string({
        error: `is required with the webhook URL (${WEBHOOK_SECRET_MIN_LENGTH}+ characters)`,
      })
      .min(WEBHOOK_SECRET_MIN_LENGTH, {
        error: `must be at least ${WEBHOOK_SECRET_MIN_LENGTH} characters`,
      })
      .register(optionDocs, {
        env: `${prefix}_SECRET`,
        secret: true,
        defaultText: 'none',
        description: `HMAC-SHA256 key of the events' signatures (${WEBHOOK_SECRET_MIN_LENGTH}+ characters; required with the URL).`,
      }),
  });
}

/**
 * Who hears about what happens: mail through SMTP (the operator at `NOTIFY_EMAIL`, visitors
 * at the contact they left), the signed event stream, and the outbox that delivers both.
 */
export const notificationOptionFields = {
  /** SMTP server for mail. Env `SMTP_URL`. Default: no mail. */
  smtpUrl: z
    .string({ error: 'must be an SMTP URL like smtp://user:password@mail.example.com:587' })
    .refine((value) => URL.canParse(value) && /^smtps?:$/.test(new URL(value).protocol), {
      error: 'must be an SMTP URL like smtp://user:password@mail.example.com:587 (or smtps://)',
    })
    .optional()
    .register(optionDocs, {
      env: 'SMTP_URL',
      secret: true,
      defaultText: 'no mail',
      description:
        'SMTP server for mail, `smtp://user:password@host:587` (STARTTLS when offered) or `smtps://…:465`.',
    }),
  /** The operator's address. Env `NOTIFY_EMAIL`. */
  notifyEmail: emailAddress('NOTIFY_EMAIL').optional().register(optionDocs, {
    env: 'NOTIFY_EMAIL',
    defaultText: 'none',
    description:
      "The operator's address: a mail on every handoff request and new contact (with `SMTP_URL`); the Reply-To of replies mailed to visitors.",
  }),
  /** The sender of mails. Env `MAIL_FROM`. Default `NOTIFY_EMAIL`. */
  mailFrom: z
    .string({ error: 'must be a sender like "Support <support@example.com>"' })
    .regex(/^[^\r\n]*@[^\r\n]*$/, {
      error: 'must be a sender like "Support <support@example.com>"',
    })
    .optional()
    .register(optionDocs, {
      env: 'MAIL_FROM',
      defaultText: '`NOTIFY_EMAIL`',
      description:
        'Sender of the mails, e.g. `Support <support@example.com>` (one of the two is required with `SMTP_URL`).',
    }),
  /** The console's address, for links. Env `PUBLIC_CONSOLE_URL`. */
  publicConsoleUrl: httpUrl('https://chat.example.com/admin/').optional().register(optionDocs, {
    env: 'PUBLIC_CONSOLE_URL',
    defaultText: 'no links',
    description:
      "The console's address as operators open it (the BFF's `/admin/`, e.g. `https://chat.example.com/admin/`): mails and events link to `<it>#conversations/<id>`.",
  }),
  /** The weekly content-gaps report. Env `GAPS_REPORT`. Default `off`. */
  gapsReport: z
    .enum(['off', 'weekly'], { error: 'must be off or weekly' })
    .optional()
    .register(optionDocs, {
      env: 'GAPS_REPORT',
      defaultText: '`off`',
      description:
        '`weekly`: every 7 days, the top 10 new or growing content-gap topics of each organization (not answered yet), mailed to `NOTIFY_EMAIL` (with `SMTP_URL`) and sent as a signed `gaps.report` event (with `WEBHOOK_URL`), each linked to the console (`PUBLIC_CONSOLE_URL`); one of the two is required.',
    }),
  /** The signed event stream. Default: none. */
  webhook: webhookGroup(
    'WEBHOOK',
    'Receives the signed event stream (`handoff.requested`, `contact.captured`, … see "Events").',
  )
    .optional()
    .register(optionDocs, {
      defaultText: 'none',
      description: 'The event stream `{ url, secret }` (see "Events").',
    }),
  /** Deprecated alias of `webhook`. */
  handoffWebhook: webhookGroup(
    'HANDOFF_WEBHOOK',
    'Deprecated alias of `WEBHOOK_URL` (used when that is unset).',
  )
    .optional()
    .register(optionDocs, {
      defaultText: 'none',
      description: 'Deprecated alias of `webhook` (used when that is unset).',
    }),
  /** The outbox's retries and timing. */
  outbox: optionGroup<OutboxSettings>({
    /** Attempts before a delivery is marked failed. Env `OUTBOX_MAX_ATTEMPTS`. Default 8. */
    maxAttempts: wholeNumberSchema(1).optional().register(optionDocs, {
      env: 'OUTBOX_MAX_ATTEMPTS',
      fromEnv: wholeNumberFromEnv,
      defaultText: '8',
      description:
        'Attempts of a mail or event before it is marked failed (backoff 30 s, 1 min, 2 min … ≤ 1 h).',
    }),
  })
    .optional()
    .register(optionDocs, {
      defaultText: 'defaults',
      description:
        'Delivery tuning: `maxAttempts`, `baseDelayMs`, `maxDelayMs`, `leaseMs`, `pollMs`, `batchSize`, `keepMs` (log history, 30 days), `timeoutMs` (see `OutboxWorkerOptions`).',
    }),
  /** Finds the contact a visitor left. Default: the `contacts` table. */
  findContact: z
    .custom<FindContact>(isFunction, { error: 'must be a function (agentId, visitorId)' })
    .optional()
    .register(optionDocs, {
      defaultText: 'none',
      description:
        "`(agentId, visitorId) => Promise<Contact | null>`: the contact an operator's reply is mailed to.",
    }),
};
