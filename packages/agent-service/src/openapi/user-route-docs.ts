/**
 * The Signed-in users routes of the OpenAPI registry (api/'s user-routes): who a visitor
 * is, as the BFF verified it, the user's conversations from every device, and erasure.
 */
import {
  identifiedVisitorResponseSchema,
  identifiedVisitorSchema,
  userConversationsRequestSchema,
  userErasureResponseSchema,
  visitorConversationsResponseSchema,
} from '@agent-chat/protocol/schemas';
import { deleteBody, type RouteDoc } from './route-doc.js';

/** The Signed-in users routes, as the document publishes them. */
export const USER_ROUTE_DOCS: readonly RouteDoc[] = [
  {
    method: 'post',
    path: '/api/agents/{id}/identified-visitors',
    operationId: 'identifyVisitor',
    summary: 'Record that a visitor is a signed-in user, merging its anonymous conversations',
    description:
      'Called by the BFF once it verified the host site’s `userHash`. Name, email and attributes (at most 20 short strings) given replace what was known for that user, and those left out are kept; an email becomes the visitor’s contact. `merge` moves the anonymous visitor’s conversations among its ids to the user’s visitor; other ids are left alone.',
    tag: 'Signed-in users',
    body: identifiedVisitorSchema,
    responses: { 200: identifiedVisitorResponseSchema },
    errors: [400, 404],
  },
  {
    method: 'post',
    path: '/api/agents/{id}/user-conversations',
    operationId: 'listUserConversations',
    summary: 'A signed-in user’s conversations with an agent, from every device',
    description:
      'Called by the BFF for a user’s visitor only. Most recently updated first, at most 20.',
    tag: 'Signed-in users',
    body: userConversationsRequestSchema,
    responses: { 200: visitorConversationsResponseSchema },
    errors: [400, 404],
  },
  {
    method: 'delete',
    path: '/api/users/{userId}',
    operationId: 'eraseUser',
    summary: 'Erase a signed-in user: conversations with every agent, contacts, attributes',
    description:
      'The privacy request a host site receives. An unknown user erases nothing (200, counts 0).',
    tag: 'Signed-in users',
    ...deleteBody,
    responses: { 200: userErasureResponseSchema },
    errors: [400],
  },
];
