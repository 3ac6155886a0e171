import {
  type DatastoreQueryRequest,
  type DatastoreQueryResult,
  LIMITS,
} from '@agent-chat/protocol';
import type { VectorSearch } from '../embeddings/index.js';
import type { Queryable } from '../store/index.js';
import type { StageName } from './ranking-pipeline.js';
import { retrieve } from './retrieve.js';

/** How {@link searchDatastore} searches: as the service is configured. */
interface SearchOptions {
  /** Hybrid retrieval is configured: the lexical and vector rankings are fused. */
  vectorSearch?: VectorSearch | undefined;
  /** Stages of the ranking pipeline switched off, for measurements. */
  stagesOff?: ReadonlySet<StageName> | undefined;
}

/**
 * Searches one datastore for a question and answers in the hosted service's shape (its
 * `POST /api/datastores/{id}/query`): the best `topK` fragments (default 5), each with its
 * text, score, source URL, datasource and position. The caller has checked that the
 * datastore is the organization's; `filters.datasource_ids` and `filters.custom_ids`
 * narrow the search as they do for agents. With `vectorSearch` (hybrid retrieval is
 * configured) the lexical and vector rankings are fused, as for agents. With
 * `request.explain`, each result says what each stage of the ranking pipeline did to it:
 * its score and rank after the BM25 candidates and after each stage that changed the
 * ranking (`explain.stages`, in order).
 *
 * @example
 * const { results } = await searchDatastore(database, 'ds_1', { query: 'refunds', topK: 3 });
 */
export async function searchDatastore(
  database: Queryable,
  datastoreId: string,
  request: DatastoreQueryRequest,
  options: SearchOptions = {},
): Promise<{ results: DatastoreQueryResult[] }> {
  const { passages, passageSources, explanations } = await retrieve(database, request.query, {
    datastoreIds: [datastoreId],
    filters: request.filters,
    limit: request.topK ?? LIMITS.topK.default,
    vectorSearch: options.vectorSearch,
    stagesOff: options.stagesOff,
    explain: request.explain === true,
  });
  const results = passages.flatMap((passage, index): DatastoreQueryResult[] => {
    const source = passageSources[index];
    if (!source) return [];
    const result: DatastoreQueryResult = {
      text: passage.content,
      score: passage.score,
      source: source.source_url,
      datasource_id: passage.datasourceId,
      datasource_name: passage.datasourceName,
      offset: passage.position,
      chunk_id: passage.chunkId,
      datasource_type: source.datasource_type,
      mime_type: source.mime_type,
    };
    if (source.custom_id !== undefined) result.custom_id = source.custom_id;
    if (source.page_number !== undefined) result.page_number = source.page_number;
    if (source.total_pages !== undefined) result.total_pages = source.total_pages;
    const stages = explanations?.[index];
    if (stages) result.explain = { stages };
    return [result];
  });
  return { results };
}
