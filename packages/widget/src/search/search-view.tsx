import type { SearchResult } from '@agent-chat/protocol';
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { formatString } from '../i18n/format-string.js';
import type { SearchStrings } from '../i18n/search-strings.js';
import { HighlightedText } from './highlighted-text.js';
import { MIN_SEARCH_LENGTH, type SearchModel } from './search-model.js';

/** What the search view does besides showing the model. */
export interface SearchActions {
  /** Asks `query` in the chat panel (the modal closes). */
  ask(query: string): void;
  /** Opens a result's URL, in a new tab with `newTab`. */
  visit(url: string, newTab: boolean): void;
  /** Closes the modal; focus returns where it was. */
  close(): void;
}

/** A result's URL when it may be opened: http(s) only. */
export function safeUrl(url: string | null): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}

/** Results grouped by page (title and URL without its anchor), in the order they came. */
function byPage(results: readonly SearchResult[]): { title: string; items: number[] }[] {
  const groups = new Map<string, { title: string; items: number[] }>();
  results.forEach((result, index) => {
    const key = `${result.title}\n${(result.url ?? '').split('#')[0]}`;
    const group = groups.get(key) ?? { title: result.title, items: [] };
    group.items.push(index);
    groups.set(key, group);
  });
  return [...groups.values()];
}

const LIST_ID = 'agent-chat-search-list';
const optionId = (index: number) => `agent-chat-search-option-${index}`;

/**
 * The search modal: a dialog with a combobox (the search box) that controls a listbox. The
 * first option is "Ask AI: ‹query›", then the results grouped by page (title, then each
 * section's heading and excerpt with its matches marked); with an empty box, the recent
 * searches. ↑/↓ move, Enter opens (Ctrl/⌘+Enter in a new tab), Shift+Enter asks, Esc
 * closes; a polite status announces the number of results.
 */
export function SearchView({
  model,
  strings,
  actions,
}: {
  model: SearchModel;
  strings: SearchStrings;
  actions: SearchActions;
}) {
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);
  const query = model.query.value;
  const typed = query.trim();
  const status = model.status.value;
  const searching = typed.length >= MIN_SEARCH_LENGTH;
  const results = searching ? model.results.value : [];
  const recent = typed ? [] : model.recent.value;
  // Options: "Ask AI" (once something is typed), then the results; or the recent searches.
  const count = typed ? 1 + results.length : recent.length;
  const current = Math.min(active, Math.max(0, count - 1));

  // Focus moves in as the modal renders, not a frame later: keys pressed right after the
  // shortcut (Esc, the first letters) reach the search box, not the page.
  useLayoutEffect(() => {
    input.current?.focus();
  }, []);
  // New results (or clearing the box) make the first option active again — as they render,
  // not a frame later: a deferred effect landed after an arrow key pressed right after the
  // results showed, and took the reader's choice back to the first option.
  useLayoutEffect(() => {
    setActive(0);
  }, [model.resultsFor.value, typed === '']);
  useEffect(() => {
    list.current?.querySelector(`#${optionId(current)}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [current]);

  const choose = (
    index: number,
    event: { ctrlKey: boolean; metaKey: boolean; shiftKey: boolean },
  ) => {
    if (!typed) {
      const again = recent[index];
      if (again !== undefined) model.type(again);
      input.current?.focus();
      return;
    }
    if (index === 0 || event.shiftKey) {
      model.remember(typed);
      actions.ask(typed);
      return;
    }
    const url = safeUrl(results[index - 1]?.url ?? null);
    if (!url) return;
    model.remember(typed);
    actions.visit(url, event.ctrlKey || event.metaKey);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (count === 0) return;
      setActive((current + (event.key === 'ArrowDown' ? 1 : count - 1)) % count);
    } else if (event.key === 'Home' && event.ctrlKey) {
      setActive(0);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (event.shiftKey && typed) choose(0, event);
      else if (count > 0) choose(current, event);
    }
  };

  const onDialogKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      actions.close();
      return;
    }
    if (event.key !== 'Tab') return;
    // Focus stays in the dialog: Tab cycles through its controls.
    const root = event.currentTarget as HTMLElement;
    const controls = [...root.querySelectorAll<HTMLElement>('input,button')];
    const first = controls[0];
    const last = controls.at(-1);
    const focused = (root.getRootNode() as Document | ShadowRoot).activeElement;
    if (event.shiftKey && focused === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && focused === last) {
      event.preventDefault();
      first?.focus();
    }
  };

  let message: { text: string; error?: boolean } | undefined;
  if (status === 'offline') message = { text: strings.searchOffline, error: true };
  else if (status === 'rate-limited') {
    message = {
      text: formatString(strings.searchRateLimited, { seconds: model.retryAfter.value }),
      error: true,
    };
  } else if (status === 'failed') message = { text: strings.searchFailed, error: true };
  else if (status === 'ready' && searching && results.length === 0) {
    message = { text: formatString(strings.searchNoResults, { query: typed }) };
  }
  const announced =
    status === 'ready' && searching
      ? formatString(strings.searchResultCount, { count: results.length })
      : (message?.text ?? '');

  const option = (index: number, content: preact.ComponentChildren, disabled = false) => (
    // biome-ignore lint/a11y/useFocusableInteractive: the combobox keeps focus and points at the active option (aria-activedescendant), as ARIA's combobox pattern does
    // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard acts on the options from the combobox (↑/↓, Enter)
    <div
      key={index}
      id={optionId(index)}
      role="option"
      class="search-option"
      aria-selected={index === current}
      aria-disabled={disabled || undefined}
      onMouseMove={() => index !== current && setActive(index)}
      onClick={(event) => choose(index, event)}
    >
      {content}
    </div>
  );

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a press outside the dialog closes it; Esc and the close button do the same from the keyboard
    <div
      class="search-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) actions.close();
      }}
    >
      <div
        class="search"
        role="dialog"
        aria-modal="true"
        aria-label={strings.searchTitle}
        onKeyDown={onDialogKeyDown}
      >
        <div class="search-bar">
          <input
            ref={input}
            type="search"
            role="combobox"
            aria-label={strings.searchPlaceholder}
            placeholder={strings.searchPlaceholder}
            aria-expanded={count > 0}
            aria-controls={LIST_ID}
            aria-autocomplete="list"
            aria-activedescendant={count > 0 ? optionId(current) : undefined}
            autocomplete="off"
            spellcheck={false}
            enterkeyhint="search"
            value={query}
            onInput={(event) => model.type((event.target as HTMLInputElement).value)}
            onKeyDown={onKeyDown}
          />
          <button
            type="button"
            class="search-close"
            aria-label={strings.searchClose}
            onClick={actions.close}
          >
            Esc
          </button>
        </div>
        {recent.length > 0 && (
          <div class="search-recent">
            <span id="agent-chat-search-recent" class="search-group-title">
              {strings.searchRecent}
            </span>
            <button type="button" onClick={() => model.clearRecent()}>
              {strings.searchClearRecent}
            </button>
          </div>
        )}
        <div
          ref={list}
          id={LIST_ID}
          role="listbox"
          class="search-list"
          aria-label={typed ? strings.searchTitle : strings.searchRecent}
        >
          {typed
            ? [
                option(
                  0,
                  <span class="search-ask">{formatString(strings.askAi, { query: typed })}</span>,
                ),
                ...byPage(results).map((group, groupIndex) => (
                  // biome-ignore lint/a11y/useSemanticElements: a listbox's group of options (ARIA), not a form fieldset
                  <div
                    role="group"
                    key={`g${groupIndex}`}
                    aria-labelledby={`agent-chat-search-page-${groupIndex}`}
                  >
                    <div
                      role="presentation"
                      id={`agent-chat-search-page-${groupIndex}`}
                      class="search-group-title"
                    >
                      {group.title}
                    </div>
                    {group.items.map((item) => {
                      const result = results[item] as SearchResult;
                      return option(
                        item + 1,
                        <>
                          <span class="search-heading">{result.heading || result.title}</span>
                          <span class="search-excerpt">
                            <HighlightedText text={result.excerpt} highlights={result.highlights} />
                          </span>
                        </>,
                        safeUrl(result.url) === undefined,
                      );
                    })}
                  </div>
                )),
              ]
            : recent.map((item, index) => option(index, item))}
        </div>
        {message && (
          <p class={message.error ? 'search-message error' : 'search-message'}>{message.text}</p>
        )}
        <output class="visually-hidden">{announced}</output>
        <p class="search-keys" aria-hidden="true">
          {strings.searchKeys}
        </p>
      </div>
    </div>
  );
}
