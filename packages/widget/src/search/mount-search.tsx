import { render } from 'preact';
import { primaryLanguage } from '../i18n/language.js';
import { SEARCH_STRINGS, type SearchStrings } from '../i18n/search-strings.js';
import type { SearchContext, SearchController } from '../panel-contract.js';
import { createRecentSearches } from './recent-searches.js';
import { createSearchModel } from './search-model.js';
import { searchStyles } from './search-styles.js';
import { SearchView } from './search-view.js';

/** The page's storage for `data-storage`, or undefined for `none` or when it is unusable. */
function storageOf(context: SearchContext): Storage | undefined {
  try {
    const { storage } = context.config;
    if (storage === 'local') return context.window.localStorage;
    return storage === 'session' ? context.window.sessionStorage : undefined;
  } catch {
    return undefined;
  }
}

/** The search strings of the widget's language, with the page's `data-strings` overrides. */
function searchStrings(context: SearchContext): SearchStrings {
  const base =
    SEARCH_STRINGS[primaryLanguage(context.config.lang)] ?? (SEARCH_STRINGS.en as SearchStrings);
  const overrides = context.config.strings as Record<string, unknown>;
  const strings = { ...base };
  for (const key of Object.keys(base) as (keyof SearchStrings)[]) {
    const value = overrides[key];
    if (typeof value === 'string') strings[key] = value;
  }
  return strings;
}

/**
 * Mounts the search modal (the search chunk's entry, loaded on the first search): a layer in
 * the widget's root element, so themed and laid out (direction, language) as the widget is,
 * shown by `open(query?)` and hidden by `close()`, which gives focus back to the element
 * that had it. "Ask AI" hands the query to `context.ask`.
 */
export function mountSearch(context: SearchContext): SearchController {
  const { config, window } = context;
  context.adoptStyles(searchStyles);
  const storage = storageOf(context);
  const model = createSearchModel({
    agentId: config.agentId,
    endpoint: config.endpoint,
    fetch: (input, init) => window.fetch(input, init),
    recent: createRecentSearches(config.agentId, storage),
    online: () => window.navigator.onLine !== false,
    visitorId: () => {
      try {
        const saved = JSON.parse(storage?.getItem(`agent-chat:${config.agentId}`) ?? '{}');
        return typeof saved?.visitorId === 'string' ? saved.visitorId : undefined;
      } catch {
        return undefined;
      }
    },
    setTimeout: (run, ms) => window.setTimeout(run, ms),
    clearTimeout: (handle) => window.clearTimeout(handle as number),
  });
  const strings = searchStrings(context);
  const layer = window.document.createElement('div');
  layer.className = 'search-layer';
  let opener: HTMLElement | undefined;

  const close = (): void => {
    model.stop();
    render(null, layer);
    layer.remove();
    const back = opener;
    opener = undefined;
    if (back?.isConnected) back.focus();
  };
  const actions = {
    ask(query: string) {
      opener = undefined;
      close();
      context.ask(query);
    },
    visit(url: string, newTab: boolean) {
      if (newTab) {
        window.open(url, '_blank', 'noopener,noreferrer');
        return;
      }
      close();
      window.location.assign(url);
    },
    close,
  };
  return {
    open(query, from) {
      if (!layer.isConnected) {
        const active = from ?? window.document.activeElement;
        opener = active instanceof window.HTMLElement ? active : undefined;
        context.container.append(layer);
      }
      if (query !== undefined) model.type(query);
      render(<SearchView model={model} strings={strings} actions={actions} />, layer);
    },
    close: () => {
      if (layer.isConnected) close();
    },
    isOpen: () => layer.isConnected,
    destroy() {
      model.stop();
      render(null, layer);
      layer.remove();
    },
  };
}
