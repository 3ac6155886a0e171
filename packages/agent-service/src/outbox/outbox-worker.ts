import type { Logger } from '../logger.js';
import type { Database } from '../store/index.js';
import { claimDeliveries } from './claim-deliveries.js';
import { DeliveryError } from './delivery-error.js';
import { pruneDeliveries } from './forget-deliveries.js';
import type { MailTransport } from './mail-transport.js';
import type { ChannelTransport, ClaimedDelivery } from './outbox-entry.js';
import { retryDelayMs } from './retry-delay.js';
import { markDelivered, recordFailure } from './settle-delivery.js';
import type { WebhookTransport } from './webhook-transport.js';

/** Options of {@link createOutboxWorker}; the service's `outbox` option is the tuning part. */
export interface OutboxWorkerOptions {
  database: Database;
  /** Sends mails; rows of kind `mail` fail without it (mail was unconfigured since). */
  mail?: MailTransport | undefined;
  /** Sends webhook events; rows of kind `webhook` fail without it. */
  webhook?: WebhookTransport | undefined;
  /** Posts agents' messages to Slack and Discord; rows of those kinds fail without it. */
  channels?: ChannelTransport | undefined;
  /** Attempts before a row is marked `failed`. Default 8. */
  maxAttempts?: number;
  /** Wait after the first failure, doubled after each next one, ms. Default 30 000. */
  baseDelayMs?: number;
  /** Longest wait between attempts, ms. Default 3 600 000. */
  maxDelayMs?: number;
  /**
   * How long a claimed row stays this process's, ms: another process takes it over after
   * that if this one died mid-attempt. Longer than an attempt's timeouts. Default 60 000.
   */
  leaseMs?: number;
  /** Pause between looks at the table when nothing is due, ms (other processes queue rows). Default 1 000. */
  pollMs?: number;
  /** Rows claimed and attempted at once. Default 10. */
  batchSize?: number;
  /**
   * How long delivered and failed rows stay in the log, ms; older ones are deleted (at
   * most once an hour). Default 30 days.
   */
  keepMs?: number;
  /** Clock of due times and backoff. Default `Date.now`. */
  now?: () => number;
  logger: Logger;
}

/** The running delivery loop of one process. */
export interface OutboxWorker {
  /** Looks at the table now (a row was just queued) instead of at the next poll. */
  wake(): void;
  /**
   * Resolves once a look found nothing due and no attempt is running in this process
   * (what tests and `drain` scripts wait for).
   */
  idle(): Promise<void>;
  /** Stops looking, cancels the attempts in flight (they are retried later) and closes the transports. */
  stop(): Promise<void>;
}

/** How often the log's old rows are deleted, ms. */
const PRUNE_EVERY_MS = 3_600_000;

/**
 * Starts the outbox's delivery loop: claims due rows (`claimDeliveries`, safe across
 * processes), attempts them in parallel, and records each result — delivered; retried
 * after an exponential backoff; or `failed` after `maxAttempts`, or at once when the
 * failure is permanent. Nothing here runs inside a request: requests only INSERT rows.
 * When nothing is due it also deletes log rows older than `keepMs`, once an hour.
 */
export function createOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const now = options.now ?? Date.now;
  const maxAttempts = options.maxAttempts ?? 8;
  const backoff = {
    baseDelayMs: options.baseDelayMs ?? 30_000,
    maxDelayMs: options.maxDelayMs ?? 3_600_000,
  };
  const leaseMs = options.leaseMs ?? 60_000;
  const pollMs = options.pollMs ?? 1_000;
  const batchSize = options.batchSize ?? 10;
  const keepMs = options.keepMs ?? 30 * 86_400_000;
  let prunedAt = Number.NEGATIVE_INFINITY;
  const stopping = new AbortController();
  const idleWaiters = new Set<() => void>();
  let wakeUp: (() => void) | undefined;
  let woken = false;

  async function attempt(delivery: ClaimedDelivery): Promise<void> {
    if (delivery.kind === 'mail') {
      if (!options.mail) {
        throw new DeliveryError('Mail is not configured (SMTP_URL).', { permanent: true });
      }
      await options.mail.send(delivery.payload);
    } else if (delivery.kind === 'slack' || delivery.kind === 'discord') {
      if (!options.channels) {
        throw new DeliveryError('Integrations are not configured (INTEGRATIONS_SECRET).', {
          permanent: true,
        });
      }
      if (delivery.kind === 'slack') {
        await options.channels.sendSlack(delivery.payload, stopping.signal);
      } else {
        await options.channels.sendDiscord(delivery.payload, stopping.signal);
      }
    } else {
      if (!options.webhook) {
        throw new DeliveryError('The webhook is not configured (WEBHOOK_URL).', {
          permanent: true,
        });
      }
      await options.webhook.send(delivery.payload, stopping.signal);
    }
  }

  async function deliver(delivery: ClaimedDelivery): Promise<void> {
    try {
      await attempt(delivery);
      await markDelivered(options.database, delivery.id, new Date(now()));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const permanent = error instanceof DeliveryError && error.permanent;
      const giveUp = permanent || delivery.attempts >= maxAttempts;
      const retryAt = giveUp ? null : new Date(now() + retryDelayMs(delivery.attempts, backoff));
      await recordFailure(options.database, delivery.id, message, retryAt);
      const details = { id: delivery.id, kind: delivery.kind, attempts: delivery.attempts };
      if (giveUp) options.logger.warn({ ...details, error: message }, 'delivery failed');
      else options.logger.info({ ...details, error: message }, 'delivery will be retried');
    }
  }

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      if (woken || stopping.signal.aborted) {
        woken = false;
        resolve();
        return;
      }
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakeUp = undefined;
        resolve();
      }
      wakeUp = done;
    });

  async function loop(): Promise<void> {
    while (!stopping.signal.aborted) {
      let claimed: ClaimedDelivery[] = [];
      try {
        woken = false;
        claimed = await claimDeliveries(options.database, {
          now: new Date(now()),
          leaseMs,
          limit: batchSize,
        });
      } catch (error) {
        if (stopping.signal.aborted) return;
        options.logger.warn({ err: String(error) }, 'could not claim outbox deliveries');
      }
      if (claimed.length > 0) {
        await Promise.all(
          claimed.map((delivery) =>
            deliver(delivery).catch((error: unknown) => {
              options.logger.error({ err: String(error), id: delivery.id }, 'outbox write failed');
            }),
          ),
        );
        continue;
      }
      if (now() - prunedAt >= PRUNE_EVERY_MS) {
        prunedAt = now();
        await pruneDeliveries(options.database, new Date(prunedAt - keepMs)).catch(
          (error: unknown) => {
            options.logger.warn({ err: String(error) }, 'could not prune the outbox');
          },
        );
      }
      if (!woken) {
        for (const resolve of [...idleWaiters]) resolve();
        idleWaiters.clear();
      }
      await sleep(pollMs);
    }
  }

  const running = loop();

  return {
    wake() {
      woken = true;
      wakeUp?.();
    },
    idle() {
      if (stopping.signal.aborted) return Promise.resolve();
      return new Promise<void>((resolve) => {
        idleWaiters.add(resolve);
        woken = true;
        wakeUp?.();
      });
    },
    async stop() {
      stopping.abort(new Error('The service is stopping.'));
      wakeUp?.();
      options.mail?.close();
      await running;
      for (const resolve of [...idleWaiters]) resolve();
      idleWaiters.clear();
      options.webhook?.close();
    },
  };
}
