/**
 * The Contacts routes of the OpenAPI registry (api/'s contact-routes): a visitor's details
 * stored for an agent, listed or exported, erased.
 */
import {
  contactErasureResponseSchema,
  contactListQuerySchema,
  contactListResponseSchema,
  contactSchema,
  contactSubmissionSchema,
} from '@agent-chat/protocol/schemas';
import { deleteBody, type RouteDoc } from './route-doc.js';

/** The Contacts routes, as the document publishes them. */
export const CONTACT_ROUTE_DOCS: readonly RouteDoc[] = [
  {
    method: 'post',
    path: '/api/agents/{id}/contacts',
    operationId: 'saveContact',
    summary: 'Store a visitor’s contact details for an agent (201 new, 200 updated)',
    description:
      'Called by the BFF for a visitor it verified; one contact per visitor and agent. ' +
      'A `conversationId` must be this visitor’s conversation with this agent.',
    tag: 'Contacts',
    body: contactSubmissionSchema,
    responses: { 200: contactSchema, 201: contactSchema },
    errors: [
      [
        400,
        'INVALID_REQUEST: a field is invalid, or required or not asked for by the agent’s form',
      ],
      [403, 'CONTACT_CAPTURE_DISABLED: the agent does not take contact details'],
      [404, 'NOT_FOUND: no such agent, or a conversation of another visitor or agent'],
    ],
  },
  {
    method: 'get',
    path: '/api/contacts',
    operationId: 'listContacts',
    summary: 'List contacts, newest first: filter by agent, search `q`, pages by `cursor`',
    tag: 'Contacts',
    query: contactListQuerySchema,
    responses: {
      200: {
        description: 'A page of contacts, or with `format=csv` every match as a file download.',
        json: contactListResponseSchema,
        text: {
          'text/csv':
            '`format=csv` (`Content-Disposition: attachment`): a header row, then one row per contact; cells that a spreadsheet would run as a formula are escaped.',
        },
      },
    },
    errors: [400],
  },
  {
    method: 'delete',
    path: '/api/contacts/{id}',
    operationId: 'eraseContact',
    summary: 'Erase a contact and its visitor’s conversations with the agent',
    tag: 'Contacts',
    ...deleteBody,
    responses: { 200: contactErasureResponseSchema },
    errors: [400, 404],
  },
];
