import { isApiErrorBody } from '@agent-chat/protocol';
import { ingestOptionsFrom } from '../options/index.js';
import type { CliIo } from './cli-io.js';

/** A minimal client of the service's HTTP API for the CLI. */
export interface ServiceClient {
  /** Sends JSON (or a multipart `FormData`) and returns the parsed JSON answer; throws on errors. */
  request<T>(method: string, route: string, body?: unknown): Promise<T>;
}

/**
 * Creates a {@link ServiceClient} for `baseUrl` with a Bearer key. A `GET` that fails before
 * any response (`fetch failed`) is sent once more: the service closes a kept-alive socket
 * when its idle timer fires, and a long synchronous step (parsing a 1 MB page) makes that
 * timer fire late, just as the next poll reuses the socket. A read is safe to repeat;
 * nothing else is repeated.
 */
export function createServiceClient(
  baseUrl: string,
  apiKey: string,
  fetchImplementation: typeof fetch,
): ServiceClient {
  return {
    async request<T>(method: string, route: string, body?: unknown): Promise<T> {
      const isForm = body instanceof FormData;
      const send = () =>
        fetchImplementation(`${baseUrl}${route}`, {
          method,
          headers: {
            authorization: `Bearer ${apiKey}`,
            ...(body === undefined || isForm ? {} : { 'content-type': 'application/json' }),
          },
          ...(body === undefined ? {} : { body: isForm ? body : JSON.stringify(body) }),
        });
      let response: Response;
      try {
        response = await send().catch((error: unknown) => {
          if (method !== 'GET') throw error;
          return send();
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
        throw Object.assign(new Error(`${method} ${route} failed: ${message}`), {
          status: response.status,
        });
      }
      return parsed as T;
    },
  };
}

/**
 * The client a command talks to the service with: `--url` (default env `AGENT_SERVICE_URL`,
 * else http://127.0.0.1:3001) and `--key` (default env `AGENT_API_TOKEN`; required).
 */
export function serviceClientOf(
  values: { url?: string | undefined; key?: string | undefined },
  io: CliIo,
): ServiceClient {
  const { serviceUrl, apiKey } = ingestOptionsFrom(io.env, { url: values.url, key: values.key });
  return createServiceClient(serviceUrl.replace(/\/+$/, ''), apiKey, io.fetch ?? fetch);
}
