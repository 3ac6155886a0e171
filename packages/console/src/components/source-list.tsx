import type { Source } from '@agent-chat/protocol';
import { formatScore } from '../models/format-units.js';

function safeLink(url: string | null): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}

/** An answer's sources, numbered as the answer cites them (`[n]`), with their scores. */
export function SourceList({ sources }: { sources: readonly Source[] }) {
  if (sources.length === 0) return <p>Nothing was retrieved for this question.</p>;
  return (
    <ol class="sources">
      {sources.map((source) => {
        const link = safeLink(source.source_url);
        return (
          <li key={source.chunk_id}>
            <span class="source-name">
              {link ? (
                <a href={link} target="_blank" rel="noopener noreferrer">
                  {source.datasource_name}
                </a>
              ) : (
                source.datasource_name
              )}
            </span>{' '}
            <span class="muted">
              {source.datasource_type}
              {source.page_number === undefined
                ? ''
                : ` · page ${source.page_number}${source.total_pages === undefined ? '' : ` of ${source.total_pages}`}`}
            </span>{' '}
            <span class="score">score {formatScore(source.score)}</span>
          </li>
        );
      })}
    </ol>
  );
}
