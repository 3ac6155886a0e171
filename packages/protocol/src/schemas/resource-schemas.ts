import { z } from 'zod';
import { AGENT_MODEL_NAMES, DATASTORE_TYPES, PROMPT_TYPES, VISIBILITIES } from '../enums.js';
import { LIMITS } from '../limits.js';
import { contactCaptureSchema } from './contact-schemas.js';
import { id, jsonObject, oneOf, rangedNumber, text } from './schema-helpers.js';

const bodyError = { error: 'The request body must be a JSON object' };
const prompt = (field: string) => text(field, LIMITS.promptLength.max).nullable();

const agentFields = {
  name: text('name', LIMITS.nameLength.max, 1),
  description: text('description', LIMITS.descriptionLength.max),
  modelName: oneOf('modelName', AGENT_MODEL_NAMES),
  temperature: rangedNumber('temperature', LIMITS.temperature),
  visibility: oneOf('visibility', VISIBILITIES),
  systemPrompt: prompt('systemPrompt'),
  userPrompt: prompt('userPrompt'),
  promptType: oneOf('promptType', PROMPT_TYPES),
  promptTemplate: prompt('promptTemplate'),
  datastoreIds: z
    .array(id('datastoreIds[]'), { error: 'datastoreIds must be an array of ids' })
    .max(LIMITS.filterIds.max, {
      error: `datastoreIds may hold at most ${LIMITS.filterIds.max} ids`,
    }),
  handoffEnabled: z.boolean({ error: 'handoffEnabled must be true or false' }),
  contactCapture: contactCaptureSchema,
};

/** Schema of `POST /api/agents` bodies: `name` required. */
export const agentCreateSchema = z.object(
  {
    ...agentFields,
    description: agentFields.description.optional(),
    modelName: agentFields.modelName.optional(),
    temperature: agentFields.temperature.optional(),
    visibility: agentFields.visibility.optional(),
    systemPrompt: agentFields.systemPrompt.optional(),
    userPrompt: agentFields.userPrompt.optional(),
    promptType: agentFields.promptType.optional(),
    promptTemplate: agentFields.promptTemplate.optional(),
    datastoreIds: agentFields.datastoreIds.optional(),
    handoffEnabled: agentFields.handoffEnabled.optional(),
    contactCapture: agentFields.contactCapture.optional(),
  },
  bodyError,
);

/** Schema of `PATCH /api/agents/{id}` bodies: every field optional. */
export const agentUpdateSchema = z.object(agentFields, bodyError).partial();

const datastoreFields = {
  name: text('name', LIMITS.nameLength.max, 1),
  description: text('description', LIMITS.descriptionLength.max),
  type: oneOf('type', DATASTORE_TYPES),
  visibility: oneOf('visibility', VISIBILITIES),
};

/** Schema of `POST /api/datastores` bodies: `name` required. */
export const datastoreCreateSchema = z.object(
  {
    name: datastoreFields.name,
    description: datastoreFields.description.optional(),
    type: datastoreFields.type.optional(),
    visibility: datastoreFields.visibility.optional(),
  },
  bodyError,
);

/** Schema of `PATCH /api/datastores/{id}` bodies (Chaindesk's `id` and `isPublic` allowed). */
export const datastoreUpdateSchema = z
  .object(
    {
      ...datastoreFields,
      isPublic: z.boolean({ error: 'isPublic must be true or false' }),
      id: id('id'),
    },
    bodyError,
  )
  .partial();

const metadata = jsonObject('metadata');

/** Schema of one document in an upsert. */
export const upsertDocumentSchema = z.object(
  {
    text: text('documents[].text', LIMITS.documentLength.max, 1),
    name: text('documents[].name', LIMITS.nameLength.max, 1),
    metadata: metadata.optional(),
  },
  { error: 'each document must be an object with text and name' },
);

/** Schema of `POST /api/datastores/upsert/{datastoreId}` bodies (deprecated operation). */
export const datasourceUpsertSchema = z.object(
  {
    documents: z
      .array(upsertDocumentSchema, { error: 'documents must be an array' })
      .min(1, { error: 'documents must hold at least one document' })
      .max(LIMITS.documentsPerUpsert.max, {
        error: `documents may hold at most ${LIMITS.documentsPerUpsert.max} documents`,
      }),
  },
  bodyError,
);

/** Schema of `POST /api/datastores/update/{datastoreId}` bodies (deprecated operation). */
export const datasourceUpdateSchema = z.object(
  {
    id: id('id'),
    name: text('name', LIMITS.nameLength.max, 1),
    text: text('text', LIMITS.documentLength.max, 1).optional(),
    metadata: metadata.optional(),
  },
  bodyError,
);

/** Schema of the `{}` body the delete operations take (any object, or nothing). */
export const emptyBodySchema = z.object({}, bodyError).optional();
