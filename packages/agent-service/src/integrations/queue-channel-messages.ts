import type { ServiceContext } from '../api/service-context.js';
import { type DiscordDelivery, enqueueDelivery, type SlackDelivery } from '../outbox/index.js';

/** Messages a platform did not take (after the client's retries), for the outbox. */
export type ChannelMessages =
  | { kind: 'slack'; payload: SlackDelivery }
  | { kind: 'discord'; payload: DiscordDelivery };

/**
 * Queues an agent's messages that Slack or Discord did not take, even after the client's
 * retries, in the outbox: retried there with backoff (by any process) until posted or
 * refused for good, and listed in the delivery log — not lost. Logs why at `warn`.
 */
export async function queueChannelMessages(
  context: ServiceContext,
  organizationId: string,
  conversationId: string | undefined,
  messages: ChannelMessages,
  error: unknown,
): Promise<void> {
  const platform = messages.kind === 'slack' ? 'Slack' : 'Discord';
  const common = {
    organizationId,
    topic: `${messages.kind}.message`,
    summary: `${messages.payload.messages.length} message(s) of agent ${messages.payload.agentId}`,
    conversationId: conversationId ?? null,
  };
  await enqueueDelivery(
    context.database,
    messages.kind === 'slack'
      ? { ...common, kind: 'slack', payload: messages.payload }
      : { ...common, kind: 'discord', payload: messages.payload },
    new Date(context.now()),
  );
  context.notifier.wake();
  context.logger.warn(
    {
      agentId: messages.payload.agentId,
      integration: messages.kind,
      err: error instanceof Error ? error.message : String(error),
    },
    `${platform} did not take the message: queued in the outbox`,
  );
}
