import { DELIVERY_STATUSES, type Delivery, type DeliveryStatus } from '@agent-chat/protocol';
import { useEffect } from 'preact/hooks';
import type { DeliveriesModel } from '../models/deliveries-model.js';
import { formatTime } from './conversation-parts.js';
import '../deliveries.css';
import { ErrorAlert } from './error-alert.js';

const STATUS_LABELS: Record<DeliveryStatus, string> = {
  pending: 'Pending',
  delivered: 'Delivered',
  failed: 'Failed',
};

const TOPIC_LABELS: Record<string, string> = {
  'mail.handoff': 'Mail: handoff request',
  'mail.contact': 'Mail: new contact',
  'mail.reply': 'Mail: reply to visitor',
  'slack.message': 'Slack: agent message',
  'discord.message': 'Discord: agent message',
};

function DeliveryRow({ delivery }: { delivery: Delivery }) {
  return (
    <tr class={delivery.status === 'failed' ? 'delivery-failed' : undefined}>
      <td>
        <time dateTime={delivery.createdAt}>{formatTime(delivery.createdAt)}</time>
      </td>
      <td>{TOPIC_LABELS[delivery.topic] ?? `Event: ${delivery.topic}`}</td>
      <td class="delivery-target">{delivery.target}</td>
      <td>
        <span class={`badge delivery-${delivery.status}`}>{STATUS_LABELS[delivery.status]}</span>
      </td>
      <td>{delivery.attempts}</td>
      <td>
        {delivery.lastError ? <span class="error">{delivery.lastError}</span> : null}
        {delivery.status === 'pending' && delivery.nextAttemptAt ? (
          <span class="muted">
            {' '}
            Next attempt{' '}
            <time dateTime={delivery.nextAttemptAt}>{formatTime(delivery.nextAttemptAt)}</time>
          </span>
        ) : null}
        {delivery.deliveredAt ? (
          <span class="muted">
            Delivered{' '}
            <time dateTime={delivery.deliveredAt}>{formatTime(delivery.deliveredAt)}</time>
          </span>
        ) : null}
        {delivery.conversationId ? (
          <>
            {' '}
            <a href={`#conversations/${encodeURIComponent(delivery.conversationId)}`}>
              Conversation<span class="visually-hidden"> of this delivery</span>
            </a>
          </>
        ) : null}
      </td>
    </tr>
  );
}

/**
 * Deliveries: the outbox's log of mails (to the operator, to visitors) and webhook events,
 * newest first, with each one's status, attempts and last error; failing ones stand out.
 */
export function DeliveriesPage({ model }: { model: DeliveriesModel }) {
  useEffect(() => {
    void model.load();
  }, [model]);
  const deliveries = model.deliveries.value;
  const busy = model.loading.value;
  return (
    <>
      <h1>Deliveries</h1>
      <p class="muted">
        Mails, webhook events and agents’ Slack and Discord messages the service sends, retried with
        backoff until they are delivered or fail.
      </p>
      <form
        class="card row"
        aria-label="Delivery filter"
        onSubmit={(event) => {
          event.preventDefault();
          void model.load();
        }}
      >
        <div>
          <label for="delivery-status">Status</label>
          <select
            id="delivery-status"
            value={model.status.value}
            onChange={(event) => void model.load(event.currentTarget.value as DeliveryStatus | '')}
          >
            <option value="">Any</option>
            {DELIVERY_STATUSES.map((status) => (
              <option key={status} value={status}>
                {STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" class="secondary" disabled={busy}>
          Refresh
        </button>
      </form>
      <ErrorAlert message={model.error.value} />
      <div class="card" aria-busy={busy ? 'true' : undefined}>
        {deliveries.length === 0 && !busy ? (
          <p>No deliveries{model.status.value ? ` with status ${model.status.value}` : ''}.</p>
        ) : (
          <table class="deliveries">
            <caption class="visually-hidden">Deliveries, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Queued</th>
                <th scope="col">What</th>
                <th scope="col">To</th>
                <th scope="col">Status</th>
                <th scope="col">Attempts</th>
                <th scope="col">Details</th>
              </tr>
            </thead>
            <tbody>
              {deliveries.map((delivery) => (
                <DeliveryRow key={delivery.id} delivery={delivery} />
              ))}
            </tbody>
          </table>
        )}
        {model.hasMore.value ? (
          <button type="button" class="secondary" disabled={busy} onClick={() => void model.more()}>
            Show older deliveries
          </button>
        ) : null}
      </div>
    </>
  );
}
