/**
 * The Conversations routes of the OpenAPI registry, for operators (`/api/conversations`,
 * api/'s conversation-routes and conversation-export-route): list and search, export,
 * status, read, delete, reply.
 */
import {
  conversationDetailSchema,
  conversationExportQuerySchema,
  conversationListQuerySchema,
  conversationListResponseSchema,
  conversationStatusSchema,
  conversationSummarySchema,
  operatorMessageSchema,
  operatorReplyResponseSchema,
} from '@agent-chat/protocol/schemas';
import { deleteBody, type RouteDoc } from './route-doc.js';

/** The operators' Conversations routes, as the document publishes them. */
export const CONVERSATION_ROUTE_DOCS: readonly RouteDoc[] = [
  {
    method: 'get',
    path: '/api/conversations',
    operationId: 'listConversations',
    summary: 'List conversations, newest first: filters, full-text `q`, pages by `cursor`',
    tag: 'Conversations',
    query: conversationListQuerySchema,
    responses: { 200: conversationListResponseSchema },
    errors: [400],
  },
  {
    method: 'get',
    path: '/api/conversations/export',
    operationId: 'exportConversations',
    summary: 'Export every matching conversation, streamed',
    tag: 'Conversations',
    query: conversationExportQuerySchema,
    responses: {
      200: {
        description: 'A file download (`Content-Disposition: attachment`).',
        text: {
          'application/x-ndjson':
            '`format=jsonl` (default): one `ConversationDetail` JSON object per line.',
          'text/csv':
            '`format=csv`: a header row, then one row per message; cells that a spreadsheet would run as a formula are escaped.',
        },
      },
    },
    errors: [400],
  },
  {
    method: 'post',
    path: '/api/conversations/update-status',
    operationId: 'updateConversationStatus',
    summary: 'Set a conversation’s status (`open` hands it back to the AI)',
    tag: 'Conversations',
    body: conversationStatusSchema,
    responses: { 200: conversationSummarySchema },
    errors: [400, 404],
  },
  {
    method: 'get',
    path: '/api/conversations/{id}',
    operationId: 'getConversation',
    summary: 'Read a conversation with every message',
    tag: 'Conversations',
    responses: { 200: conversationDetailSchema },
    errors: [404],
  },
  {
    method: 'delete',
    path: '/api/conversations/{id}',
    operationId: 'deleteConversation',
    summary: 'Delete a conversation and its messages; answers its summary as it was',
    tag: 'Conversations',
    ...deleteBody,
    responses: { 200: conversationSummarySchema },
    errors: [400, 404],
  },
  {
    method: 'post',
    path: '/api/conversations/{id}/messages',
    operationId: 'addOperatorMessage',
    summary: 'Reply to a conversation as a person (the visitor sees it when polling)',
    description:
      'When the visitor left a contact and mail is configured, the reply is also mailed to them (`emailedTo`).',
    tag: 'Conversations',
    body: operatorMessageSchema,
    responses: { 201: operatorReplyResponseSchema },
    errors: [400, 404],
  },
];
