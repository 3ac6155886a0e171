/**
 * What {@link startWidget} is given: the widget's script element, the page's window, and
 * the URL and loader of each lazy chunk (panel, locales, greeting, search), which the build
 * passes as dynamic imports.
 */
import type { GreetingModule, LocaleModule, PanelModule, SearchModule } from '../panel-contract.js';
import type { startWidget } from './start-widget.js';

/** Options of {@link startWidget}. */
export interface StartWidgetOptions {
  /** The widget's own script element (its `data-*` attributes are the configuration). */
  script: HTMLScriptElement;
  /** Absolute URL of the panel chunk (resolved against the script's URL). */
  panelUrl: string;
  /** Loads the panel chunk. The build passes `(url) => import(url)`. */
  importPanel: (url: string) => Promise<PanelModule>;
  /**
   * Absolute URLs of the locale chunks by primary language subtag: every built-in language
   * but English, which the panel chunk bundles.
   */
  localeUrls: Readonly<Record<string, string>>;
  /** Loads a locale chunk. The build passes `(url) => import(url)`. */
  importLocale: (url: string) => Promise<LocaleModule>;
  /** Absolute URL of the greeting chunk, loaded only for a page that greets. */
  greetingUrl: string;
  /** Loads the greeting chunk. The build passes `(url) => import(url)`. */
  importGreeting: (url: string) => Promise<GreetingModule>;
  /** Absolute URL of the search chunk, loaded at the first search. */
  searchUrl: string;
  /** Loads the search chunk. The build passes `(url) => import(url)`. */
  importSearch: (url: string) => Promise<SearchModule>;
  /** The page's window. */
  window: Window & typeof globalThis;
}
