/**
 * The Visitor conversations routes of the OpenAPI registry (api/'s visitor-conversation-routes):
 * what the BFF calls for a visitor it verified: votes, handoff, polling for replies, the
 * visitor's past conversations listed and erased.
 */
import {
  deleteConversationRequestSchema,
  evalAnswerResponseSchema,
  evalAnswerSchema,
  handoffSchema,
  handoffSummarySchema,
  pastConversationsRequestSchema,
  visitorConversationDeletedSchema,
  visitorConversationsResponseSchema,
  visitorMessagesQuerySchema,
  visitorMessagesResponseSchema,
} from '@agent-chat/protocol/schemas';
import type { RouteDoc } from './route-doc.js';

/** The Visitor conversations routes, as the document publishes them. */
export const VISITOR_CONVERSATION_ROUTE_DOCS: readonly RouteDoc[] = [
  {
    method: 'post',
    path: '/api/conversations/eval-answer',
    operationId: 'evalAnswer',
    summary: 'A visitor’s vote on an answer (set, change, or clear with `eval: null`)',
    description: 'Called by the BFF for a visitor it verified. Another visitor’s message is 404.',
    tag: 'Visitor conversations',
    body: evalAnswerSchema,
    responses: { 200: evalAnswerResponseSchema },
    errors: [400, 404],
  },
  {
    method: 'post',
    path: '/api/conversations/{id}/handoff',
    operationId: 'requestHandoff',
    summary: 'A visitor asks for a person: the AI stays silent until an operator hands back',
    description:
      'Called by the BFF for a visitor it verified. Another visitor’s conversation is 404.',
    tag: 'Visitor conversations',
    body: handoffSchema,
    responses: { 200: handoffSummarySchema },
    errors: [400, [403, 'HANDOFF_DISABLED: the agent does not offer a person'], 404],
  },
  {
    method: 'get',
    path: '/api/conversations/{id}/messages',
    operationId: 'getVisitorMessages',
    summary: 'A visitor polls a conversation for replies (after a message id)',
    description:
      'Called by the BFF for a visitor it verified. Another visitor’s conversation is 404.',
    tag: 'Visitor conversations',
    query: visitorMessagesQuerySchema,
    responses: { 200: visitorMessagesResponseSchema },
    errors: [400, 404],
  },
  {
    method: 'post',
    path: '/api/agents/{id}/visitor-conversations',
    operationId: 'listVisitorConversations',
    summary: 'A visitor’s own conversations with an agent, among the ids asked about',
    description:
      'Called by the BFF for a visitor it verified, with the conversation ids the widget kept (at most 20). Most recently updated first, each with its first question (at most 200 characters) and status; ids that are unknown or someone else’s are left out.',
    tag: 'Visitor conversations',
    body: pastConversationsRequestSchema,
    responses: { 200: visitorConversationsResponseSchema },
    errors: [400, 404],
  },
  {
    method: 'post',
    path: '/api/agents/{id}/visitor-conversations/delete',
    operationId: 'deleteVisitorConversation',
    summary: 'A visitor erases one of their conversations with an agent, and its messages',
    description:
      'Called by the BFF for a visitor it verified. Another visitor’s or agent’s conversation is 404.',
    tag: 'Visitor conversations',
    body: deleteConversationRequestSchema,
    responses: { 200: visitorConversationDeletedSchema },
    errors: [400, 404],
  },
];
