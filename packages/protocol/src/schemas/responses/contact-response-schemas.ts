/**
 * What the service answers about contact capture: an agent's settings, the offer of the
 * form an answer carries, and the stored contacts (listed and erased).
 */
import { z } from 'zod';
import { CONTACT_CAPTURE_TRIGGERS, CONTACT_FIELD_MODES } from '../../contacts.js';
import { timestamp } from './response-fields.js';

const contactFieldModes = z.object({
  name: z.enum(CONTACT_FIELD_MODES),
  phone: z.enum(CONTACT_FIELD_MODES),
});

/** Schema of {@link ContactCaptureSettings} as an agent returns them. */
export const contactCaptureSettingsSchema = z.object({
  enabled: z.boolean(),
  triggers: z.array(z.enum(CONTACT_CAPTURE_TRIGGERS)),
  fields: contactFieldModes,
  consentText: z.string().nullable(),
});

/** Schema of {@link ContactOffer}. */
export const contactOfferSchema = z.object({
  reason: z.enum(CONTACT_CAPTURE_TRIGGERS),
  fields: contactFieldModes,
  consentText: z.string().nullable(),
});

/** Schema of {@link Contact}. */
export const contactSchema = z.object({
  id: z.string(),
  agentId: z.string(),
  visitorId: z.string(),
  conversationId: z.string().nullable(),
  email: z.string(),
  name: z.string().nullable(),
  phone: z.string().nullable(),
  consentText: z.string().nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
});

/** Schema of {@link ContactListResponse}. */
export const contactListResponseSchema = z.object({
  contacts: z.array(contactSchema),
  nextCursor: z.string().nullable(),
});

/** Schema of {@link ContactErasureResponse}. */
export const contactErasureResponseSchema = z.object({
  deleted: z.literal(true),
  conversationsDeleted: z.number().int(),
});
