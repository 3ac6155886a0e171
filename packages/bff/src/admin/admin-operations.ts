/**
 * The registry of admin operations: every operation the admin routes relay, resource by
 * resource, in the order Express matches them.
 */
import type { AdminOperation } from './admin-operation.js';
import { AGENT_OPERATIONS } from './agent-operations.js';
import { CONVERSATION_OPERATIONS } from './conversation-operations.js';
import { INSIGHTS_OPERATIONS } from './insights-operations.js';
import { KNOWLEDGE_OPERATIONS } from './knowledge-operations.js';

/**
 * The admin operations of the API (the seed's seven), the agent and datastore directories
 * the console lists and creates with, ingestion (create, upload, synch, read and list
 * datasources), the datastore search (Chaindesk's `POST /api/datastores/{id}/query`, what
 * LangChain's `ChaindeskRetriever` calls), the conversation transcripts (issue 16),
 * insights and their content-gap topics, the contacts visitors left (list, CSV, erasure), a
 * signed-in user's erasure and the delivery log, at the
 * upstream's own paths; the README's "Admin routes" lists them all.
 * Express matches in this order: fixed paths (`/api/conversations/export`) come before
 * `:id` ones.
 */
export const ADMIN_OPERATIONS: readonly AdminOperation[] = [
  ...AGENT_OPERATIONS,
  ...KNOWLEDGE_OPERATIONS,
  ...CONVERSATION_OPERATIONS,
  ...INSIGHTS_OPERATIONS,
];
