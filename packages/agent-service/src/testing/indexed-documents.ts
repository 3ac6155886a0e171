import { type RunningAgentService, startAgentService } from '../server.js';
import { createApiClient } from './api-client.js';
import { createTestDatabase } from './test-database.js';

/** A service on loopback whose one datastore holds documents, indexed. */
export interface IndexedDocuments {
  service: RunningAgentService;
  datastoreId: string;
  /** Adds more documents to the datastore and waits until they are indexed. */
  add(documents: readonly { name: string; text: string }[]): Promise<void>;
}

/**
 * Starts a service on an empty test database with one organization and one datastore, and
 * indexes `documents` (Markdown or text, by name) into it. Close `service` when done.
 */
export async function startWithDocuments(
  documents: readonly { name: string; text: string }[],
): Promise<IndexedDocuments> {
  const service = await startAgentService({ port: 0, database: await createTestDatabase() });
  const { apiKey } = await service.createOrganization('Docs');
  const call = createApiClient(service.url, apiKey);
  const datastoreId = (await call('POST', '/api/datastores', { name: 'Docs' })).body.id as string;
  const add = async (more: readonly { name: string; text: string }[]) => {
    const { ids } = (
      await call('POST', `/api/datastores/upsert/${datastoreId}`, { documents: more })
    ).body as { ids: string[] };
    await service.ingestion.waitFor(ids);
  };
  await add(documents);
  return { service, datastoreId, add };
}
