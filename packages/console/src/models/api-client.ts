import { CLIENT_ERROR_CODES } from '@agent-chat/protocol';

/** A failed console call: the HTTP status and the API's `{error:{code,message}}`. */
export class ConsoleApiError extends Error {
  override readonly name = 'ConsoleApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** Options of {@link createApiClient}. */
export interface ApiClientOptions {
  /** URL of the BFF's mount point (where `api/…` and `admin/api/…` live), ending in `/`. */
  baseUrl: string;
  fetch?: typeof fetch;
  /** Called when a call other than sign-in answers 401: the session has ended. */
  onUnauthorized?: () => void;
}

/** The console's calls to the BFF, authenticated by the session cookie and its CSRF token. */
export interface ApiClient {
  /**
   * Calls `path` (relative to the BFF mount, e.g. `api/agents`) with a JSON body; resolves
   * to the parsed JSON answer (or `undefined` for 204), rejects with a
   * {@link ConsoleApiError} saying what failed.
   */
  request<T>(method: string, path: string, body?: unknown): Promise<T>;
  /**
   * Reads `path` (a `GET`, e.g. an export) as a file; rejects like {@link request}. The
   * session's CSRF header goes with it, which a plain link could not send.
   */
  download(path: string): Promise<Blob>;
  /** Sets the CSRF token sent with every call (the session's; never the admin token). */
  setCsrfToken(token: string | undefined): void;
  /**
   * The headers {@link request} authenticates with (`x-csrf-token`), for calls it cannot
   * make itself (an upload through `XMLHttpRequest`, for its progress events).
   */
  authHeaders(): Record<string, string>;
  /** Reports a 401 from such a call: the session has ended. */
  unauthorized(): void;
}

function describeFailure(status: number): string {
  if (status === 401) return 'You are not signed in, or your session has expired.';
  if (status === 403) return 'The server refused this call.';
  if (status === 404) return 'Not found.';
  if (status === 429) return 'Too many attempts; wait and try again.';
  return `The server answered ${status}.`;
}

/** Creates the console's API client. */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
  let csrfToken: string | undefined;
  async function call(method: string, path: string, body?: unknown): Promise<Response> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (csrfToken) headers['x-csrf-token'] = csrfToken;
    if (body !== undefined) headers['content-type'] = 'application/json';
    try {
      return await fetchImpl(new URL(path, options.baseUrl), {
        method,
        headers,
        credentials: 'same-origin',
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    } catch (cause) {
      throw new ConsoleApiError(0, CLIENT_ERROR_CODES.network, 'The server could not be reached.', {
        cause,
      });
    }
  }
  /** The parsed JSON answer; throws a {@link ConsoleApiError} for a failed call. */
  async function answerOf(response: Response, path: string): Promise<unknown> {
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text === '' ? undefined : JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    if (response.status === 401 && !path.startsWith('admin/api/session')) {
      options.onUnauthorized?.();
    }
    if (!response.ok) {
      const error = (parsed as { error?: { code?: unknown; message?: unknown } } | undefined)
        ?.error;
      throw new ConsoleApiError(
        response.status,
        typeof error?.code === 'string' ? error.code : CLIENT_ERROR_CODES.httpError,
        typeof error?.message === 'string' ? error.message : describeFailure(response.status),
      );
    }
    return parsed;
  }
  return {
    setCsrfToken(token) {
      csrfToken = token;
    },
    async download(path) {
      const response = await call('GET', path);
      if (response.ok) {
        try {
          return await response.blob();
        } catch (cause) {
          throw new ConsoleApiError(
            0,
            CLIENT_ERROR_CODES.network,
            'The download was interrupted.',
            { cause },
          );
        }
      }
      await answerOf(response, path);
      throw new ConsoleApiError(
        response.status,
        CLIENT_ERROR_CODES.httpError,
        describeFailure(response.status),
      );
    },
    authHeaders() {
      return csrfToken ? { 'x-csrf-token': csrfToken } : {};
    },
    unauthorized() {
      options.onUnauthorized?.();
    },
    async request<T>(method: string, path: string, body?: unknown): Promise<T> {
      const response = await call(method, path, body);
      if (response.status === 204) return undefined as T;
      return (await answerOf(response, path)) as T;
    },
  };
}
