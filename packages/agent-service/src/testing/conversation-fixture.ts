import type { AnswerInput } from '../answering/index.js';
import { createExtractiveAnswerer } from '../answering/index.js';
import type { StartAgentServiceOptions } from '../options/index.js';
import { type RunningAgentService, startAgentService } from '../server.js';
import { createApiClient } from './api-client.js';
import { createTestDatabase } from './test-database.js';

/** A service with one organization, a datastore of a few documents and two agents. */
export interface ConversationFixture {
  service: RunningAgentService;
  apiKey: string;
  organizationId: string;
  call: ReturnType<typeof createApiClient>;
  agentId: string;
  otherAgentId: string;
  /** Every input the answerer got, in order (to prove what was, or was not, read). */
  answered: AnswerInput[];
  /** `POST /api/agents/{agentId}/query` with raw fetch (for streams). */
  query(body: unknown, agent?: string): Promise<Response>;
}

/**
 * Starts the service for the conversation tests of this package: the extractive
 * answerer wrapped to record its inputs, an organization "Acme" with a datastore holding
 * a refunds and an embedding document, and agents "Helper" (handoff enabled) and "Other"
 * (handoff disabled) on it.
 */
export async function startConversationFixture(
  options: StartAgentServiceOptions = {},
): Promise<ConversationFixture> {
  const answered: AnswerInput[] = [];
  const extractive = createExtractiveAnswerer();
  const service = await startAgentService({
    database: await createTestDatabase(),
    port: 0,
    answerer: {
      answer(input) {
        answered.push(input);
        return extractive.answer(input);
      },
    },
    ...options,
  });
  const { apiKey, organizationId } = await service.createOrganization('Acme');
  const call = createApiClient(service.url, apiKey);
  const datastoreId = (await call('POST', '/api/datastores', { name: 'Docs' })).body.id;
  await call('POST', `/api/datastores/upsert/${datastoreId}`, {
    documents: [
      { name: 'refunds.md', text: 'Refunds are processed within five business days.' },
      { name: 'embed.md', text: 'To embed the widget, add one script tag to the page.' },
    ],
  });
  const agent = async (name: string, handoffEnabled: boolean) =>
    (await call('POST', '/api/agents', { name, datastoreIds: [datastoreId], handoffEnabled })).body
      .id as string;
  const agentId = await agent('Helper', true);
  const otherAgentId = await agent('Other', false);
  return {
    service,
    apiKey,
    organizationId,
    call,
    agentId,
    otherAgentId,
    answered,
    query: (body, agent = agentId) =>
      fetch(`${service.url}/api/agents/${agent}/query`, {
        method: 'POST',
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
  };
}
