import { type ApiClient, createApiClient } from './api-client.js';
import { createSessionModel, type SessionModel } from './session-model.js';

/** Everything the console's components read: one model per page, over one API client. */
export interface ConsoleModel {
  api: ApiClient;
  session: SessionModel;
}

/**
 * Creates the console's models. `baseUrl` is the BFF's mount point: the page lives at
 * `<mount>/admin/`, so by default it is the page's parent directory.
 */
export function createConsoleModel(
  options: { baseUrl?: string; fetch?: typeof fetch } = {},
): ConsoleModel {
  const api = createApiClient({
    baseUrl: options.baseUrl ?? new URL('../', location.href).href,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const session = createSessionModel(api);
  return { api, session };
}
