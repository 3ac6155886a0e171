/**
 * What a notification quotes: the agent's name (or "a deleted agent"), and a
 * conversation's latest messages, the visitor's last question and its console link.
 */
import { getAgent } from '../agents/index.js';
import { recentMessages } from '../conversations/index.js';
import type { Queryable } from '../store/index.js';
import { conversationLink } from './console-link.js';

/** How many messages the operator's mails and the handoff event quote. */
export const QUOTED_MESSAGES = 10;

/** The name of an agent, or "a deleted agent" for one that is gone. */
export async function agentName(
  database: Queryable,
  organizationId: string,
  agentId: string | null,
): Promise<string> {
  if (agentId === null) return 'a deleted agent';
  return getAgent(database, organizationId, agentId).then(
    (agent) => agent.name,
    () => 'a deleted agent',
  );
}

/** A conversation's latest messages, the visitor's last question, and its console link. */
export async function conversationContext(
  database: Queryable,
  organizationId: string,
  conversationId: string,
  publicConsoleUrl: string | undefined,
) {
  const messages = await recentMessages(database, organizationId, conversationId, QUOTED_MESSAGES);
  const question = messages.findLast((message) => message.role === 'user')?.text ?? null;
  return { messages, question, link: conversationLink(publicConsoleUrl, conversationId) };
}
