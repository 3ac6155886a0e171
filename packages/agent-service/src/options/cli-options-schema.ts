import { optionDocs, wholeNumberOption } from '@agent-chat/protocol/options';
import { z } from 'zod';
import { httpUrl } from './http-url.js';
import { SERVER_DEFAULTS } from './server-options-schema.js';

/** Options only the command line has: where its data is by default, and `ingest`'s service. */
export const cliOptionFields = z.object({
  /** PGlite data directory of the commands, relative to the current directory. Env `DATA_DIR`. */
  dataDir: z
    .string()
    .min(1, { error: 'must be a directory' })
    .default('.data/agent-service')
    .register(optionDocs, {
      env: 'DATA_DIR',
      description:
        'PGlite data directory, relative to the current directory (not used with `DATABASE_URL`).',
    }),
  /** The running service `ingest` talks to. Env `AGENT_SERVICE_URL`. */
  serviceUrl: httpUrl('http://127.0.0.1:3001')
    .default(`http://${SERVER_DEFAULTS.host}:${SERVER_DEFAULTS.port}`)
    .register(optionDocs, {
      env: 'AGENT_SERVICE_URL',
      description: 'URL of the running service to send documents to.',
    }),
  /** The API key `ingest` sends. Env `AGENT_API_TOKEN`. */
  apiKey: z
    .string({ error: 'is required: an API key of the organization (`keys create` prints one)' })
    .register(optionDocs, {
      env: 'AGENT_API_TOKEN',
      secret: true,
      description: 'API key of the organization that owns the datastore.',
    }),
  /** Pause between `ingest`'s looks at the datasources' status, ms. Env `INGEST_POLL_MS`. */
  pollMs: wholeNumberOption(300, {
    env: 'INGEST_POLL_MS',
    description: 'Pause between looks at the status of the datasources being ingested, ms.',
  }),
});
