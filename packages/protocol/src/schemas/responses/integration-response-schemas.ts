/** What the integration routes answer: whether an agent is connected, never its secrets. */
import { z } from 'zod';
import { INTEGRATION_KINDS } from '../../integrations.js';
import { timestamp } from './response-fields.js';

/** Schema of {@link IntegrationStatus}. */
export const integrationStatusSchema = z.object({
  kind: z.enum(INTEGRATION_KINDS),
  agentId: z.string(),
  configured: z.boolean(),
  externalId: z.string().nullable().describe('The Slack team id or Discord application id'),
  requestPath: z.string().describe("Where the platform posts, relative to the service's URL"),
  interactionsPath: z.string(),
  updatedAt: timestamp.nullable(),
});
