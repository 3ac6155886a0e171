import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { isApiErrorBody } from '@agent-chat/protocol';
import { createAgentService } from './agent-service.js';
import { AgentServiceError } from './agent-service-error.js';
import { createJsonLogger } from './logger.js';
import { startAgentService } from './server.js';

/** What the CLI reads from and writes to; `cli.ts` passes the real process's. */
export interface CliIo {
  env: Readonly<Record<string, string | undefined>>;
  cwd: string;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** `serve` runs until this aborts (SIGINT/SIGTERM in the real CLI). */
  signal?: AbortSignal;
  fetch?: typeof fetch;
}

const MAIN_HELP = `Usage: agent-chat-service <command> [options]

The agent-chat Conversational Agent Service.

Commands:
  serve                          Run the HTTP API
  keys create [--org <name>]     Create an organization and print its API key
  seed-demo [--key <key>]        Create/refresh the demo agent "demo" and print its key
  ingest <datastoreId> <files…>  Upload text/markdown files to a running service

Run "agent-chat-service <command> --help" for a command's options.
`;

const STORAGE_ENV = `  DATA_DIR       PGlite data directory (default: .data/agent-service under the current directory)
  DATABASE_URL   Use PostgreSQL instead of PGlite`;

const HELP: Record<string, string> = {
  serve: `Usage: agent-chat-service serve

Runs the HTTP API. Configuration by environment:
  PORT                    Port (default 3001)
  HOST                    Interface (default 127.0.0.1)
${STORAGE_ENV}
  LLM_BASE_URL            OpenAI-compatible API base URL (default: extractive answers, no model)
  LLM_API_KEY             Its API key
  LLM_MODEL               Model name (default: mapped from the agent's modelName)
  LLM_TIMEOUT_MS          Longest silence of the model before giving up (default 60000)
  USAGE_LIMIT_QUERIES     Default queries per organization per period (default: unlimited)
  USAGE_LIMIT_PERIOD_MS   Length of that period in ms (default 86400000, one day)
  HEARTBEAT_MS            Stream heartbeat interval in ms (default 15000)
`,
  keys: `Usage: agent-chat-service keys create [--org <name>]

Creates an organization and prints its new API key (shown once, stored hashed).
  --org <name>   Organization name (default "Default")
Environment:
${STORAGE_ENV}
PGlite allows one process per data directory: stop "serve" on the same DATA_DIR first.
`,
  'seed-demo': `Usage: agent-chat-service seed-demo [--key <key>]

Creates (or refreshes) the demo organization, the datastore "demo-docs" filled with
agent-chat's documentation, and the agent "demo". Idempotent. Prints the API key,
agent id and datastore id.
  --key <key>    Give the demo organization this exact API key (stable across runs)
Environment:
${STORAGE_ENV}
PGlite allows one process per data directory: stop "serve" on the same DATA_DIR first.
`,
  ingest: `Usage: agent-chat-service ingest <datastoreId> <files…> [--url <url>] [--key <key>]

Uploads each text or markdown file to a running service as a datasource named after
the file; a datasource with the same name in that datastore is replaced.
  --url <url>    Service URL (default: env AGENT_SERVICE_URL or http://127.0.0.1:3001)
  --key <key>    API key (default: env AGENT_API_TOKEN)
`,
};

/** A mistake in the command line: print the message and usage, exit 2. */
class UsageError extends Error {
  override readonly name = 'UsageError';
}

function storageOptions(io: CliIo): { dataDir: string } | { databaseUrl: string } {
  if (io.env.DATABASE_URL) return { databaseUrl: io.env.DATABASE_URL };
  return { dataDir: path.resolve(io.cwd, io.env.DATA_DIR || '.data/agent-service') };
}

function integerEnv(io: CliIo, name: string, fallback?: number): number | undefined {
  const raw = io.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) {
    throw new UsageError(`${name} must be a whole number of 0 or more (got "${raw}").`);
  }
  return value;
}

async function serve(io: CliIo): Promise<number> {
  const port = integerEnv(io, 'PORT', 3001) as number;
  const queries = integerEnv(io, 'USAGE_LIMIT_QUERIES');
  const periodMs = integerEnv(io, 'USAGE_LIMIT_PERIOD_MS', 86_400_000) as number;
  const heartbeatMs = integerEnv(io, 'HEARTBEAT_MS');
  const llmBaseUrl = io.env.LLM_BASE_URL;
  const llmTimeoutMs = integerEnv(io, 'LLM_TIMEOUT_MS');
  const service = await startAgentService({
    ...storageOptions(io),
    port,
    host: io.env.HOST || '127.0.0.1',
    logger: createJsonLogger(io.stderr),
    ...(queries === undefined ? {} : { usageLimit: { queries, periodMs } }),
    ...(heartbeatMs === undefined ? {} : { heartbeatMs }),
    ...(llmBaseUrl
      ? {
          llm: {
            baseUrl: llmBaseUrl,
            ...(io.env.LLM_API_KEY ? { apiKey: io.env.LLM_API_KEY } : {}),
            ...(io.env.LLM_MODEL ? { model: io.env.LLM_MODEL } : {}),
            ...(llmTimeoutMs === undefined ? {} : { timeoutMs: llmTimeoutMs }),
          },
        }
      : {}),
  });
  io.stdout(
    `agent-chat-service listening on ${service.url} (answers: ${llmBaseUrl ? `LLM at ${new URL(llmBaseUrl).host}` : 'extractive'})\n`,
  );
  await new Promise<void>((resolve) => {
    if (!io.signal || io.signal.aborted) return resolve();
    io.signal.addEventListener('abort', () => resolve(), { once: true });
  });
  await service.close();
  return 0;
}

async function keysCreate(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: { org: { type: 'string' } },
    allowPositionals: true,
  });
  if (positionals[0] !== 'create' || positionals.length > 1) {
    throw new UsageError('Use "agent-chat-service keys create [--org <name>]".');
  }
  const service = await createAgentService(storageOptions(io));
  try {
    const { organizationId, apiKey } = await service.createOrganization(values.org || 'Default');
    io.stderr(`Created organization ${organizationId}. The key is shown only once:\n`);
    io.stdout(`${apiKey}\n`);
  } finally {
    await service.close();
  }
  return 0;
}

async function seedDemoCommand(args: string[], io: CliIo): Promise<number> {
  const { values } = parseArgs({ args, options: { key: { type: 'string' } } });
  const service = await createAgentService(storageOptions(io));
  try {
    const result = await service.seedDemo(values.key === undefined ? {} : { apiKey: values.key });
    io.stdout(
      `apiKey=${result.apiKey}\nagentId=${result.agentId}\ndatastoreId=${result.datastoreId}\n`,
    );
  } finally {
    await service.close();
  }
  return 0;
}

async function ingest(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: { url: { type: 'string' }, key: { type: 'string' } },
    allowPositionals: true,
  });
  const [datastoreId, ...files] = positionals;
  if (!datastoreId || files.length === 0) {
    throw new UsageError('Give a datastore id and at least one file.');
  }
  const apiKey = values.key ?? io.env.AGENT_API_TOKEN;
  if (!apiKey) throw new UsageError('Give the API key with --key or env AGENT_API_TOKEN.');
  const baseUrl = (values.url ?? io.env.AGENT_SERVICE_URL ?? 'http://127.0.0.1:3001').replace(
    /\/+$/,
    '',
  );
  const fetchImplementation = io.fetch ?? fetch;
  const request = async (method: string, route: string, body?: unknown) => {
    let response: Response;
    try {
      response = await fetchImplementation(`${baseUrl}${route}`, {
        method,
        headers: {
          authorization: `Bearer ${apiKey}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    } catch (error) {
      throw new Error(
        `Could not reach the agent service at ${baseUrl} (${(error as Error).message}). Is "agent-chat-service serve" running? Use --url to point elsewhere.`,
      );
    }
    const parsed: unknown = await response.json().catch(() => undefined);
    if (!response.ok) {
      const message = isApiErrorBody(parsed)
        ? `${parsed.error.code}: ${parsed.error.message}`
        : `HTTP ${response.status}`;
      throw new Error(`${method} ${route} failed: ${message}`);
    }
    return parsed;
  };

  const documents = await Promise.all(
    files.map(async (file) => {
      const text = await readFile(path.resolve(io.cwd, file), 'utf8').catch((error: Error) => {
        throw new UsageError(`Cannot read ${file}: ${error.message}`);
      });
      return { name: path.basename(file), text };
    }),
  );
  const existing = (await request('GET', `/api/datastores/${datastoreId}/datasources`)) as {
    id: string;
    name: string;
  }[];
  const byName = new Map(existing.map((datasource) => [datasource.name, datasource.id]));
  let failures = 0;
  for (const document of documents) {
    const known = byName.get(document.name);
    const id = known
      ? (
          (await request('POST', `/api/datastores/update/${datastoreId}`, {
            id: known,
            name: document.name,
            text: document.text,
          })) as { id: string }
        ).id
      : ((
          (await request('POST', `/api/datastores/upsert/${datastoreId}`, {
            documents: [{ name: document.name, text: document.text }],
          })) as { ids: string[] }
        ).ids[0] as string);
    const datasource = (await request('GET', `/api/datasources/${id}`)) as {
      status: string;
      config: { errorMessage?: string };
    };
    if (datasource.status === 'error') {
      failures += 1;
      io.stderr(`${document.name}: error: ${datasource.config.errorMessage ?? 'unknown'}\n`);
    } else {
      io.stdout(
        `${document.name}\t${id}\t${known ? 'replaced' : 'created'}\t${datasource.status}\n`,
      );
    }
  }
  return failures > 0 ? 1 : 0;
}

/**
 * Runs the `agent-chat-service` command line and resolves with the exit code: 0 success,
 * 1 failure (message on stderr), 2 wrong usage.
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (command === undefined) {
      io.stderr(MAIN_HELP);
      return 2;
    }
    if (command === '--help' || command === '-h' || command === 'help') {
      io.stdout(MAIN_HELP);
      return 0;
    }
    const help = HELP[command];
    if (help === undefined) throw new UsageError(`Unknown command "${command}".`);
    if (rest.includes('--help') || rest.includes('-h')) {
      io.stdout(help);
      return 0;
    }
    switch (command) {
      case 'serve':
        if (rest.length > 0)
          throw new UsageError('serve takes no arguments; configure it by environment.');
        return await serve(io);
      case 'keys':
        return await keysCreate(rest, io);
      case 'seed-demo':
        return await seedDemoCommand(rest, io);
      default:
        return await ingest(rest, io);
    }
  } catch (error) {
    if (
      error instanceof UsageError ||
      (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')
    ) {
      io.stderr(
        `agent-chat-service: ${(error as Error).message}\n\n${(command && HELP[command]) || MAIN_HELP}`,
      );
      return 2;
    }
    const message =
      error instanceof AgentServiceError || error instanceof Error ? error.message : String(error);
    io.stderr(`agent-chat-service: ${message}\n`);
    return 1;
  }
}
