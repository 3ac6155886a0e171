/**
 * The admin operations on conversations and the people in them: transcripts (list, CSV
 * export, read, delete, status, an operator's reply), the contacts visitors left, a
 * signed-in user's erasure, and the delivery log of what was sent to them.
 */
import {
  contactListQuerySchema,
  conversationExportQuerySchema,
  conversationListQuerySchema,
  conversationStatusSchema,
  deliveryListQuerySchema,
  emptyBodySchema,
  operatorMessageSchema,
} from '@agent-chat/protocol/schemas';
import type { AdminOperation } from './admin-operation.js';

/**
 * Conversations, contacts, users and deliveries, in the order Express matches them: the
 * fixed paths (`/api/conversations/export`) before the `:id` ones.
 */
export const CONVERSATION_OPERATIONS: readonly AdminOperation[] = [
  {
    method: 'get',
    path: '/api/conversations',
    upstreamPath: () => '/api/conversations',
    schema: emptyBodySchema,
    query: conversationListQuerySchema,
  },
  {
    method: 'get',
    path: '/api/conversations/export',
    upstreamPath: () => '/api/conversations/export',
    schema: emptyBodySchema,
    query: conversationExportQuerySchema,
    stream: true,
  },
  {
    // The console's Deliveries page: the outbox of mails and webhook events.
    method: 'get',
    path: '/api/deliveries',
    upstreamPath: () => '/api/deliveries',
    schema: emptyBodySchema,
    query: deliveryListQuerySchema,
  },
  {
    method: 'post',
    path: '/api/conversations/update-status',
    upstreamPath: () => '/api/conversations/update-status',
    schema: conversationStatusSchema,
  },
  {
    method: 'get',
    path: '/api/conversations/:id',
    upstreamPath: (id) => `/api/conversations/${id}`,
    schema: emptyBodySchema,
  },
  {
    method: 'delete',
    path: '/api/conversations/:id',
    upstreamPath: (id) => `/api/conversations/${id}`,
    schema: emptyBodySchema,
  },
  {
    method: 'post',
    path: '/api/conversations/:id/messages',
    upstreamPath: (id) => `/api/conversations/${id}/messages`,
    schema: operatorMessageSchema,
  },
  {
    // Streamed: `format=csv` is an export of every match (a JSON page streams as well).
    method: 'get',
    path: '/api/contacts',
    upstreamPath: () => '/api/contacts',
    schema: emptyBodySchema,
    query: contactListQuerySchema,
    stream: true,
  },
  {
    method: 'delete',
    path: '/api/contacts/:id',
    upstreamPath: (id) => `/api/contacts/${id}`,
    schema: emptyBodySchema,
  },
  {
    // A signed-in user's erasure (the privacy request a host site receives).
    method: 'delete',
    path: '/api/users/:id',
    upstreamPath: (id) => `/api/users/${id}`,
    schema: emptyBodySchema,
    hostId: true,
  },
];
