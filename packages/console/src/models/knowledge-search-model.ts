import type { DatastoreQueryResponse, DatastoreQueryResult } from '@agent-chat/protocol';
import { type ReadonlySignal, signal } from '@preact/signals';
import type { ApiClient } from './api-client.js';
import { runAction } from './run-action.js';

/** Fragments asked for when the operator does not say (the service's default is 5). */
export const DEFAULT_TOP_K = 5;

/** The knowledge search box: what retrieval finds in a datastore for a question. */
export interface KnowledgeSearchModel {
  searching: ReadonlySignal<boolean>;
  /** The question the results are for. */
  searched: ReadonlySignal<string | undefined>;
  results: ReadonlySignal<readonly DatastoreQueryResult[]>;
  error: ReadonlySignal<string | undefined>;
  /**
   * Searches the datastore (`POST /api/datastores/{id}/query`, `{query, topK}`); ignored
   * while a search runs.
   */
  search(datastoreId: string, query: string, topK: number): Promise<void>;
  /** Forgets the results (another datastore was selected). */
  clear(): void;
}

/** Creates the knowledge search model over the console's API client. */
export function createKnowledgeSearchModel(api: ApiClient): KnowledgeSearchModel {
  const searching = signal(false);
  const searched = signal<string | undefined>(undefined);
  const results = signal<readonly DatastoreQueryResult[]>([]);
  const error = signal<string | undefined>(undefined);
  return {
    searching,
    searched,
    results,
    error,
    async search(datastoreId, query, topK) {
      if (searching.value) return;
      if (query.trim() === '') {
        error.value = 'Type a question to search for.';
        return;
      }
      await runAction({ pending: searching, error }, 'The search failed', async () => {
        const answer = await api.request<DatastoreQueryResponse>(
          'POST',
          `api/datastores/${encodeURIComponent(datastoreId)}/query`,
          { query: query.trim(), topK },
        );
        results.value = answer.results;
        searched.value = query.trim();
      });
    },
    clear() {
      results.value = [];
      searched.value = undefined;
      error.value = undefined;
    },
  };
}
