import { isUrlPrefix, LIMITS, type QaPair, resolveUrlPrefix } from '@agent-chat/protocol';
import { useState } from 'preact/hooks';
import type { DatasourceDraft, KnowledgeModel } from '../models/knowledge-model.js';
import { ErrorAlert } from './error-alert.js';
import { FileDrop } from './file-drop.js';

const KINDS = [
  ['files', 'Files'],
  ['web_page', 'Web page'],
  ['web_site', 'Sitemap or site crawl'],
  ['text', 'Text'],
  ['qa', 'Q&A pairs'],
] as const;
type Kind = (typeof KINDS)[number][0];

function Submit({ model, label }: { model: KnowledgeModel; label: string }) {
  return (
    <div class="actions">
      <button
        type="submit"
        disabled={model.adding.value}
        aria-busy={model.adding.value ? 'true' : undefined}
      >
        {label}
      </button>
    </div>
  );
}

/** The lines of the "Skip pages under" field: paths or URL prefixes. */
function skippedPrefixes(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

/** The form of one kind of datasource; `submit` resolves true when it was added. */
function DraftForm({ kind, model }: { kind: Exclude<Kind, 'files'>; model: KnowledgeModel }) {
  const [url, setUrl] = useState('');
  const [siteMode, setSiteMode] = useState<'sitemap' | 'crawl'>('sitemap');
  const [maxPages, setMaxPages] = useState(String(LIMITS.crawlPages.default));
  const [skipped, setSkipped] = useState('');
  const [name, setName] = useState('');
  const [text, setText] = useState('');
  const [pairs, setPairs] = useState<QaPair[]>([{ question: '', answer: '' }]);

  function draft(): DatasourceDraft {
    switch (kind) {
      case 'web_page':
        return { type: 'web_page', config: { source_url: url.trim() } };
      case 'web_site': {
        const prefixes = skippedPrefixes(skipped);
        return {
          type: 'web_site',
          config: {
            ...(siteMode === 'sitemap' ? { sitemap: url.trim() } : { source_url: url.trim() }),
            max_pages: Number(maxPages) || LIMITS.crawlPages.default,
            ...(prefixes.length > 0
              ? {
                  black_listed_urls: prefixes.flatMap(
                    (prefix) => resolveUrlPrefix(prefix, url.trim()) ?? [],
                  ),
                }
              : {}),
          },
        };
      }
      case 'text':
        return {
          type: 'text',
          ...(name.trim() === '' ? {} : { name: name.trim() }),
          config: { text },
        };
      case 'qa':
        return {
          type: 'qa',
          config: {
            pairs: pairs
              .map((pair) => ({ question: pair.question.trim(), answer: pair.answer.trim() }))
              .filter((pair) => pair.question !== '' || pair.answer !== ''),
          },
        };
    }
  }

  function setPair(index: number, change: Partial<QaPair>): void {
    setPairs(pairs.map((pair, at) => (at === index ? { ...pair, ...change } : pair)));
  }

  return (
    <form
      aria-label={KINDS.find(([value]) => value === kind)?.[1]}
      onSubmit={async (event) => {
        event.preventDefault();
        if (kind === 'web_site') {
          const field = event.currentTarget.querySelector<HTMLTextAreaElement>('#add-skip');
          const wrong = skippedPrefixes(skipped).find((line) => !isUrlPrefix(line));
          field?.setCustomValidity(
            wrong === undefined
              ? ''
              : `"${wrong}" is neither a path (/fr/) nor a URL (https://example.com/blog/).`,
          );
          if (wrong !== undefined) {
            field?.reportValidity();
            return;
          }
        }
        if (await model.add(draft())) {
          setUrl('');
          setSkipped('');
          setName('');
          setText('');
          setPairs([{ question: '', answer: '' }]);
        }
      }}
    >
      {kind === 'web_page' ? (
        <>
          <label for="add-url">Page URL</label>
          <input
            id="add-url"
            type="url"
            required
            placeholder="https://example.com/help/returns"
            value={url}
            onInput={(event) => setUrl(event.currentTarget.value)}
          />
          <Submit model={model} label="Add page" />
        </>
      ) : null}
      {kind === 'web_site' ? (
        <>
          <fieldset class="choices">
            <legend>Pages to read</legend>
            <label class="choice">
              <input
                type="radio"
                name="site-mode"
                checked={siteMode === 'sitemap'}
                onChange={() => setSiteMode('sitemap')}
              />
              Listed in a sitemap
            </label>
            <label class="choice">
              <input
                type="radio"
                name="site-mode"
                checked={siteMode === 'crawl'}
                onChange={() => setSiteMode('crawl')}
              />
              Crawled from a start page
            </label>
          </fieldset>
          <label for="add-site-url">{siteMode === 'sitemap' ? 'Sitemap URL' : 'Start URL'}</label>
          <input
            id="add-site-url"
            type="url"
            required
            placeholder={
              siteMode === 'sitemap' ? 'https://example.com/sitemap.xml' : 'https://example.com/'
            }
            value={url}
            onInput={(event) => setUrl(event.currentTarget.value)}
          />
          <label for="add-max-pages">Most pages</label>
          <input
            id="add-max-pages"
            type="number"
            min={1}
            max={LIMITS.crawlPages.max}
            value={maxPages}
            onInput={(event) => setMaxPages(event.currentTarget.value)}
          />
          <label for="add-skip">Skip pages under (optional, one path or URL per line)</label>
          <textarea
            id="add-skip"
            rows={2}
            placeholder={'/fr/\n/blog/'}
            value={skipped}
            onInput={(event) => {
              event.currentTarget.setCustomValidity('');
              setSkipped(event.currentTarget.value);
            }}
          />
          <Submit model={model} label="Add site" />
        </>
      ) : null}
      {kind === 'text' ? (
        <>
          <label for="add-text-name">Name</label>
          <input
            id="add-text-name"
            placeholder="Text"
            value={name}
            onInput={(event) => setName(event.currentTarget.value)}
          />
          <label for="add-text">Text</label>
          <textarea
            id="add-text"
            rows={6}
            required
            value={text}
            onInput={(event) => setText(event.currentTarget.value)}
          />
          <Submit model={model} label="Add text" />
        </>
      ) : null}
      {kind === 'qa' ? (
        <>
          {pairs.map((pair, index) => (
            <fieldset key={index} class="pair">
              <legend>Pair {index + 1}</legend>
              <label for={`qa-question-${index}`}>Question</label>
              <input
                id={`qa-question-${index}`}
                required
                value={pair.question}
                onInput={(event) => setPair(index, { question: event.currentTarget.value })}
              />
              <label for={`qa-answer-${index}`}>Answer</label>
              <textarea
                id={`qa-answer-${index}`}
                rows={3}
                required
                value={pair.answer}
                onInput={(event) => setPair(index, { answer: event.currentTarget.value })}
              />
            </fieldset>
          ))}
          <div class="actions">
            <button
              type="button"
              class="secondary"
              onClick={() => setPairs([...pairs, { question: '', answer: '' }])}
            >
              Add another pair
            </button>
            {pairs.length > 1 ? (
              <button type="button" class="secondary" onClick={() => setPairs(pairs.slice(0, -1))}>
                Remove last pair
              </button>
            ) : null}
          </div>
          <Submit model={model} label="Add Q&A" />
        </>
      ) : null}
    </form>
  );
}

/** Adds knowledge to the selected datastore: files, a page, a site, text or Q&A pairs. */
export function KnowledgeAdd({ model }: { model: KnowledgeModel }) {
  const [kind, setKind] = useState<Kind>('files');
  return (
    <section class="card" aria-labelledby="add-title">
      <h2 id="add-title">Add knowledge</h2>
      <fieldset class="choices kinds">
        <legend>What to add</legend>
        {KINDS.map(([value, label]) => (
          <label key={value} class="choice">
            <input
              type="radio"
              name="add-kind"
              value={value}
              checked={kind === value}
              onChange={() => setKind(value)}
            />
            {label}
          </label>
        ))}
      </fieldset>
      {kind === 'files' ? (
        <FileDrop
          uploads={model.uploads}
          disabled={model.selectedId.value === undefined}
          onFiles={(files) => model.addFiles(files)}
        />
      ) : (
        <DraftForm key={kind} kind={kind} model={model} />
      )}
      <ErrorAlert message={kind !== 'files' ? model.addError.value : undefined} />
    </section>
  );
}
