import type { ContactOffer } from './contacts.js';
import type { ConversationStatus } from './conversations.js';
import type { PromptType, QueryModelName } from './enums.js';
import type { Source } from './source.js';

/**
 * Restricts retrieval to some datasources, by id or by the `custom_id` in their metadata,
 * and (Chaindesk's field) to some of the agent's datastores: a datastore the agent does
 * not have is refused with 403.
 */
export interface QueryFilters {
  custom_ids?: string[];
  datasource_ids?: string[];
  datastore_ids?: string[];
}

/** Body of `POST /api/agents/{id}/query`. */
export interface QueryRequest {
  query: string;
  conversationId?: string;
  /** Created by the service when omitted. */
  visitorId?: string;
  temperature?: number;
  streaming?: boolean;
  modelName?: QueryModelName;
  maxTokens?: number;
  presencePenalty?: number;
  frequencyPenalty?: number;
  topP?: number;
  filters?: QueryFilters;
  systemPrompt?: string;
  userPrompt?: string;
  promptType?: PromptType;
  promptTemplate?: string;
  /**
   * Extra text appended to the system prompt for this query (Chaindesk's field), e.g. what
   * the site knows about the visitor. Used by the LLM answerer; the extractive one has no
   * prompt and ignores it.
   */
  context?: string;
}

/** Fields a browser may always set on a query; everything else is operator policy. */
export const BROWSER_QUERY_FIELDS = ['query', 'conversationId', 'visitorId', 'streaming'] as const;

/** Query fields that are operator policy (set per agent by the site, not by visitors). */
export const POLICY_QUERY_FIELDS = [
  'temperature',
  'modelName',
  'maxTokens',
  'presencePenalty',
  'frequencyPenalty',
  'topP',
  'filters',
  'systemPrompt',
  'userPrompt',
  'promptType',
  'promptTemplate',
  'context',
] as const;

/** A query field that is operator policy. */
export type PolicyQueryField = (typeof POLICY_QUERY_FIELDS)[number];

/** Response of a non-streaming query (and the final `endpoint_response` of a stream). */
export interface QueryResponse {
  answer: string;
  conversationId: string;
  visitorId: string;
  sources: Source[];
  messageId?: string;
  /**
   * The conversation's status (our service's extension): `handoff` when a person answers
   * it and `answer` is only an acknowledgement.
   */
  status?: ConversationStatus;
  /**
   * Whether the agent offers "talk to a person" (our service's extension: the agent's
   * `handoffEnabled`; absent from other upstreams, which means no).
   */
  handoffEnabled?: boolean;
  /**
   * Set when the service wants the widget to offer the contact form now (our service's
   * extension; the agent's `contactCapture` settings decide).
   */
  contactCapture?: ContactOffer;
  /**
   * Up to `LIMITS.followUps.max` short questions the knowledge can answer, to offer as next
   * questions (our service's extension; absent elsewhere, which means none).
   */
  followUps?: string[];
}
