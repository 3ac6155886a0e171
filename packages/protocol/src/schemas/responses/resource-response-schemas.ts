/**
 * The resources an operator manages, as the service returns them: agents, datastores and
 * datasources (with what a web source's last sync did), and the deprecated datasource
 * upsert and update answers.
 */
import { z } from 'zod';
import {
  AGENT_MODEL_NAMES,
  DATASOURCE_STATUSES,
  DATASOURCE_TYPES,
  DATASTORE_TYPES,
  PROMPT_TYPES,
  VISIBILITIES,
} from '../../enums.js';
import { contactCaptureSettingsSchema } from './contact-response-schemas.js';
import { timestamp } from './response-fields.js';

/** Schema of {@link Agent}. */
export const agentSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  modelName: z.enum(AGENT_MODEL_NAMES),
  temperature: z.number(),
  visibility: z.enum(VISIBILITIES),
  systemPrompt: z.string().nullable(),
  userPrompt: z.string().nullable(),
  promptType: z.enum(PROMPT_TYPES),
  promptTemplate: z.string().nullable(),
  datastoreIds: z.array(z.string()).exactOptional(),
  handoffEnabled: z.boolean().exactOptional(),
  contactCapture: contactCaptureSettingsSchema.exactOptional(),
});

/** Schema of {@link Datastore}. */
export const datastoreSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  type: z.enum(DATASTORE_TYPES),
  visibility: z.enum(VISIBILITIES),
});

/** Schema of {@link SyncSummary}: what one sync of a web source did. */
const syncSummarySchema = z.object({
  added: z.number().int(),
  changed: z.number().int(),
  unchanged: z.number().int(),
  removed: z.number().int(),
  failed: z.number().int(),
  seconds: z.number(),
  finishedAt: timestamp,
});

/** Schema of {@link Datasource}. */
export const datasourceSchema = z.object({
  id: z.string(),
  type: z.enum(DATASOURCE_TYPES),
  name: z.string(),
  status: z.enum(DATASOURCE_STATUSES),
  groupId: z.string().nullable(),
  updatedAt: timestamp,
  createdAt: timestamp,
  lastSynch: timestamp.nullable(),
  config: z.record(z.string(), z.unknown()),
  datastoreId: z.string().exactOptional(),
  nbChunks: z.number().int().exactOptional(),
  textSize: z.number().int().exactOptional(),
  nextSynch: timestamp.nullable().exactOptional(),
  lastSyncSummary: syncSummarySchema.nullable().exactOptional(),
});

/** Schema of {@link DatasourceUpsertResponse} (deprecated upsert). */
export const datasourceUpsertResponseSchema = z.object({ ids: z.array(z.string()) });

/** Schema of {@link DatasourceUpdateResponse} (deprecated update). */
export const datasourceUpdateResponseSchema = z.object({ id: z.string() });
