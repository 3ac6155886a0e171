import { CONVERSATION_CHANNEL_HEADER, type ConversationChannel } from '@agent-chat/protocol';
import type { Request } from 'express';

/**
 * The channel a query or handoff comes from: `widget` when the caller (the BFF, for its
 * visitors) says so in the {@link CONVERSATION_CHANNEL_HEADER} header, else `api` (a
 * key's own calls). Slack and Discord conversations are the service's own, never a
 * caller's claim.
 */
export function requestChannel(req: Request): ConversationChannel {
  return req.get(CONVERSATION_CHANNEL_HEADER)?.trim().toLowerCase() === 'widget' ? 'widget' : 'api';
}
