import type { ConversationDetail, ConversationFilters } from '@agent-chat/protocol';
import type { Queryable } from '../store/index.js';
import { listConversations, messagesByConversation } from './transcripts.js';

/**
 * Every conversation matching `filters`, most recently active first, with its messages,
 * read in pages of `batchSize` (keyset pagination, so memory stays flat however many
 * there are). The consumer pulls: nothing more is read until it asks for the next one.
 */
export async function* exportConversations(
  database: Queryable,
  organizationId: string,
  filters: ConversationFilters,
  batchSize = 100,
): AsyncGenerator<ConversationDetail> {
  let cursor: string | undefined;
  do {
    const page = await listConversations(database, organizationId, {
      ...filters,
      limit: batchSize,
      ...(cursor === undefined ? {} : { cursor }),
    });
    const messages = await messagesByConversation(
      database,
      organizationId,
      page.conversations.map((conversation) => conversation.id),
    );
    for (const summary of page.conversations) {
      yield { ...summary, messages: messages.get(summary.id) ?? [] };
    }
    cursor = page.nextCursor ?? undefined;
  } while (cursor !== undefined);
}
