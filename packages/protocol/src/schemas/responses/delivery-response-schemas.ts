/**
 * What the delivery log answers: each mail or webhook event of the outbox, with its
 * status and attempts.
 */
import { z } from 'zod';
import { DELIVERY_KINDS, DELIVERY_STATUSES } from '../../deliveries.js';
import { timestamp } from './response-fields.js';

/** Schema of {@link Delivery}: one mail or webhook event of the outbox's log. */
export const deliverySchema = z.object({
  id: z.string(),
  kind: z.enum(DELIVERY_KINDS),
  topic: z.string().describe('The event type, or mail.handoff, mail.contact, mail.reply'),
  target: z.string().describe("The recipient's address, or the receiver's URL"),
  summary: z.string().describe("The mail's subject, or the event's id"),
  conversationId: z.string().nullable(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  nextAttemptAt: timestamp.nullable(),
  lastError: z.string().nullable(),
  deliveredAt: timestamp.nullable(),
  createdAt: timestamp,
});

/** Schema of {@link DeliveryListResponse}. */
export const deliveryListResponseSchema = z.object({
  deliveries: z.array(deliverySchema),
  nextCursor: z.string().nullable(),
});
