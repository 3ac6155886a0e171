import type { Source } from '@agent-chat/protocol';
import type { VNode } from 'preact';
// The file itself, not the folder's index: that index is the lazily loaded Markdown chunk.
import { safeHref } from '../markdown/safe-href.js';

/** One entry of the sources list: a title and, when safe, a link. */
export interface SourceItem {
  title: string;
  href?: string;
}

/**
 * Sources as listed under an answer: deduplicated by datasource (or URL), titled by the
 * datasource name (else the URL's host), linked only when the URL is http(s).
 */
export function sourceItems(sources: readonly Source[]): SourceItem[] {
  const seen = new Set<string>();
  const items: SourceItem[] = [];
  for (const source of sources) {
    if (typeof source !== 'object' || source === null) continue;
    const url = typeof source.source_url === 'string' ? source.source_url : '';
    const name = typeof source.datasource_name === 'string' ? source.datasource_name.trim() : '';
    const identity = source.datasource_id || url || name;
    if (!identity || seen.has(identity)) continue;
    seen.add(identity);
    const href = safeHref(url, false);
    const title = name || (href ? new URL(href).host : '') || url;
    if (!title) continue;
    items.push(href ? { title, href } : { title });
  }
  return items;
}

/** Props of {@link Sources}. */
export interface SourcesProps {
  sources: readonly Source[];
  label: string;
  /** Id prefix for the label element. */
  id: string;
}

/** The numbered sources list under an answer (nothing when there are none). */
export function Sources({ sources, label, id }: SourcesProps): VNode | null {
  const items = sourceItems(sources);
  if (items.length === 0) return null;
  return (
    <div class="sources">
      <p class="sources-title" id={`${id}-sources`}>
        {label}
      </p>
      <ol aria-labelledby={`${id}-sources`}>
        {items.map((item) => (
          <li key={item.href ?? item.title}>
            {item.href ? (
              <a href={item.href} target="_blank" rel="noopener noreferrer">
                {item.title}
              </a>
            ) : (
              <span>{item.title}</span>
            )}
          </li>
        ))}
      </ol>
    </div>
  );
}
