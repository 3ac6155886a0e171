import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { isApiErrorBody } from '@agent-chat/protocol';
import { type CliIo, UsageError } from './cli-io.js';

/**
 * `ingest <datastoreId> <files…>`: uploads files to a running service over its HTTP API,
 * replacing a datasource of the same name. Exit code 1 when any file failed to index.
 */
export async function ingest(args: string[], io: CliIo): Promise<number> {
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
