import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ERROR_CODES } from '@agent-chat/protocol';
import { AgentServiceError } from '../agent-service-error.js';
import { createAgent } from '../agents/index.js';
import { type Ingestion, updateDatasourceDocument, upsertDocuments } from '../ingestion/index.js';
import { createDatastore } from '../knowledge/index.js';
import {
  addApiKey,
  createOrganization,
  findOrganizationByApiKey,
  generateApiKey,
  getOrganization,
} from '../organizations/index.js';
import type { Database } from '../store/index.js';

/** Id of the demo organization. */
const DEMO_ORGANIZATION_ID = 'demo-org';
/** Id of the demo agent. */
export const DEMO_AGENT_ID = 'demo';
/** Id of the demo datastore. */
export const DEMO_DATASTORE_ID = 'demo-docs';

/** The markdown documents shipped with the package (`demo-docs/`). */
export const DEMO_DOCS_DIR = fileURLToPath(new URL('../../demo-docs/', import.meta.url));

/** Options of {@link seedDemo}. */
export interface SeedDemoOptions {
  /** Give the demo organization this exact key (kept across restarts). Default: a new key. */
  apiKey?: string;
  /** Directory of `.md`/`.txt` files to load. Default: the package's `demo-docs/`. */
  docsDir?: string;
}

/** What {@link seedDemo} set up. */
export interface SeedDemoResult {
  apiKey: string;
  agentId: typeof DEMO_AGENT_ID;
  datastoreId: string;
}

async function readDocuments(directory: string): Promise<{ name: string; text: string }[]> {
  const names = (await readdir(directory)).filter((name) => /\.(md|markdown|txt)$/i.test(name));
  names.sort();
  return Promise.all(
    names.map(async (name) => ({ name, text: await readFile(path.join(directory, name), 'utf8') })),
  );
}

async function demoApiKey(database: Database, requested: string | undefined): Promise<string> {
  const apiKey = requested ?? generateApiKey();
  if (requested !== undefined) {
    const owner = await findOrganizationByApiKey(database, requested);
    if (owner?.id === DEMO_ORGANIZATION_ID) return apiKey;
    if (owner) {
      throw new AgentServiceError(
        ERROR_CODES.invalidRequest,
        400,
        'The requested demo API key already belongs to another organization.',
      );
    }
  }
  await addApiKey(database, DEMO_ORGANIZATION_ID, apiKey);
  return apiKey;
}

/**
 * Creates (or refreshes) the demo: organization `demo-org`, datastore `demo-docs` filled
 * with the package's documentation files, and agent `demo` answering from it. Idempotent:
 * a second call reuses everything, adds documents that are new, re-indexes changed ones
 * and never duplicates. Without `options.apiKey` each call issues a new key for the demo
 * organization (earlier keys stay valid).
 */
export async function seedDemo(
  database: Database,
  ingestion: Pick<Ingestion, 'wake' | 'waitFor'>,
  options: SeedDemoOptions = {},
): Promise<SeedDemoResult> {
  const documents = await readDocuments(options.docsDir ?? DEMO_DOCS_DIR);
  let apiKey: string;
  if (await getOrganization(database, DEMO_ORGANIZATION_ID)) {
    apiKey = await demoApiKey(database, options.apiKey);
  } else {
    const created = await createOrganization(database, 'Demo', {
      id: DEMO_ORGANIZATION_ID,
      ...(options.apiKey === undefined ? {} : { apiKey: options.apiKey }),
    });
    apiKey = created.apiKey;
  }
  await database.transaction(async (transaction) => {
    const datastores = await transaction.query('SELECT 1 FROM datastores WHERE id = $1', [
      DEMO_DATASTORE_ID,
    ]);
    if (datastores.length === 0) {
      await createDatastore(
        transaction,
        DEMO_ORGANIZATION_ID,
        {
          name: 'agent-chat documentation',
          description: 'What agent-chat is, how to embed it, configure it and deploy it.',
          visibility: 'public',
        },
        DEMO_DATASTORE_ID,
      );
    }
    const agents = await transaction.query('SELECT 1 FROM agents WHERE id = $1', [DEMO_AGENT_ID]);
    if (agents.length === 0) {
      await createAgent(
        transaction,
        DEMO_ORGANIZATION_ID,
        {
          name: 'agent-chat assistant',
          description: 'Answers questions about agent-chat from its documentation.',
          visibility: 'public',
          systemPrompt:
            'You are the agent-chat documentation assistant. Answer briefly and only from the ' +
            'provided context; say so when the context does not contain the answer.',
          datastoreIds: [DEMO_DATASTORE_ID],
        },
        DEMO_AGENT_ID,
      );
    } else {
      await transaction.query(
        `INSERT INTO agent_datastores (agent_id, datastore_id) VALUES ($1, $2)
         ON CONFLICT DO NOTHING`,
        [DEMO_AGENT_ID, DEMO_DATASTORE_ID],
      );
    }
  });
  const existing = await database.query<{ id: string; name: string; text: string; status: string }>(
    'SELECT id, name, text, status FROM datasources WHERE datastore_id = $1',
    [DEMO_DATASTORE_ID],
  );
  const byName = new Map(existing.map((row) => [row.name, row]));
  const added = [];
  const queued: string[] = [];
  for (const document of documents) {
    const current = byName.get(document.name);
    if (!current) {
      added.push({ ...document, metadata: { custom_id: document.name } });
    } else if (current.text !== document.text || current.status !== 'synched') {
      const { id } = await updateDatasourceDocument(
        database,
        DEMO_ORGANIZATION_ID,
        DEMO_DATASTORE_ID,
        {
          id: current.id,
          name: document.name,
          text: document.text,
          metadata: { custom_id: document.name },
        },
      );
      queued.push(id);
    }
  }
  if (added.length > 0) {
    queued.push(
      ...(await upsertDocuments(database, DEMO_ORGANIZATION_ID, DEMO_DATASTORE_ID, added)),
    );
  }
  // The documents go through the ingestion jobs like any other; the demo answers once they are in.
  ingestion.wake({ batch: queued.length > 1 });
  await ingestion.waitFor(queued);
  return { apiKey, agentId: DEMO_AGENT_ID, datastoreId: DEMO_DATASTORE_ID };
}
