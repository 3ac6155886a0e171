import type { DatastoreQueryResult } from '@agent-chat/protocol';
import { useState } from 'preact/hooks';
import { formatScore } from '../models/format-units.js';
import { DEFAULT_TOP_K, type KnowledgeSearchModel } from '../models/knowledge-search-model.js';
import { ErrorAlert } from './error-alert.js';

function ResultItem({ result }: { result: DatastoreQueryResult }) {
  const where =
    result.page_number === undefined
      ? result.datasource_type
      : `${result.datasource_type} · page ${result.page_number}${result.total_pages === undefined ? '' : ` of ${result.total_pages}`}`;
  return (
    <li class="search-result">
      <p class="search-result-head">
        <span class="score">score {formatScore(result.score)}</span>{' '}
        <span class="source-name">{result.datasource_name}</span>{' '}
        <span class="muted">
          {where} · fragment {result.offset + 1}
        </span>
      </p>
      <p class="chunk-text">{result.text}</p>
    </li>
  );
}

/**
 * The knowledge search box: a question, and the fragments (chunks) with their scores that
 * retrieval finds in the selected datastore — what an agent answering from it would read.
 */
export function KnowledgeSearch(props: { model: KnowledgeSearchModel; datastoreId: string }) {
  const { model } = props;
  const [query, setQuery] = useState('');
  const [topK, setTopK] = useState(String(DEFAULT_TOP_K));
  const searched = model.searched.value;
  return (
    <section class="card" aria-labelledby="search-title">
      <h2 id="search-title">Search the knowledge</h2>
      <form
        aria-label="Search the knowledge"
        onSubmit={(event) => {
          event.preventDefault();
          void model.search(props.datastoreId, query, Number(topK) || DEFAULT_TOP_K);
        }}
      >
        <div class="search-row">
          <div>
            <label for="search-query">Question to search for</label>
            <input
              id="search-query"
              type="search"
              required
              value={query}
              onInput={(event) => setQuery(event.currentTarget.value)}
            />
          </div>
          <div class="search-top-k">
            <label for="search-top-k">Fragments</label>
            <input
              id="search-top-k"
              type="number"
              min={1}
              max={100}
              value={topK}
              onInput={(event) => setTopK(event.currentTarget.value)}
            />
          </div>
        </div>
        <div class="actions">
          <button
            type="submit"
            disabled={model.searching.value}
            aria-busy={model.searching.value ? 'true' : undefined}
          >
            Search
          </button>
        </div>
      </form>
      <ErrorAlert message={model.error.value} />
      {searched !== undefined ? (
        <div aria-live="polite">
          <p class="muted">
            {model.results.value.length === 0
              ? `Nothing found for “${searched}”: an agent would have no knowledge to answer it from.`
              : `${model.results.value.length} fragments for “${searched}”, best first.`}
          </p>
          {model.results.value.length > 0 ? (
            <ol class="search-results" aria-label="Search results">
              {model.results.value.map((result) => (
                <ResultItem key={result.chunk_id} result={result} />
              ))}
            </ol>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
