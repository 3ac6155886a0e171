/** A tiny JSON client for tests: `call(method, path, body?)` against a base URL with a key. */
export interface ApiCall {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: test responses are inspected field by field
  body: any;
}

/** Creates a client bound to `baseUrl`, sending `Authorization: Bearer <apiKey>` when given. */
export function createApiClient(baseUrl: string, apiKey?: string) {
  return async function call(method: string, path: string, body?: unknown): Promise<ApiCall> {
    const headers: Record<string, string> = {};
    if (apiKey !== undefined) headers.authorization = `Bearer ${apiKey}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers,
      ...(body === undefined
        ? {}
        : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // Not JSON: keep the text for the assertion to show.
    }
    return { status: response.status, headers: response.headers, body: parsed };
  };
}
