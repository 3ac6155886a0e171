/**
 * What an agent query answers: the sources it cites (one per datasource) and the answer
 * with its conversation, status, offers and follow-up suggestions.
 */
import { z } from 'zod';
import { CONVERSATION_STATUSES } from '../../conversations.js';
import { contactOfferSchema } from './contact-response-schemas.js';

/** Schema of {@link Source}: a retrieved source, one per datasource. */
export const sourceSchema = z.object({
  chunk_id: z.string(),
  datasource_id: z.string(),
  datasource_name: z.string(),
  datasource_type: z.string(),
  source_url: z.string().nullable(),
  mime_type: z.string(),
  page_number: z.number().int().exactOptional(),
  total_pages: z.number().int().exactOptional(),
  score: z.number(),
  custom_id: z.string().exactOptional(),
});

/** Schema of {@link QueryResponse} (also the `endpoint_response` JSON of a stream). */
export const queryResponseSchema = z.object({
  answer: z.string(),
  conversationId: z.string(),
  visitorId: z.string(),
  sources: z.array(sourceSchema),
  messageId: z.string().exactOptional(),
  status: z.enum(CONVERSATION_STATUSES).exactOptional(),
  handoffEnabled: z.boolean().exactOptional(),
  contactCapture: contactOfferSchema.exactOptional(),
  followUps: z.array(z.string()).exactOptional(),
});
