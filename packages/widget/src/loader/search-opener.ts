/**
 * The loader's side of the ⌘K search mode: whether the agent can be searched (the BFF says
 * so once; never against Chaindesk), the page's shortcuts and search buttons that open it,
 * and the search chunk, loaded at the first search.
 */
import type { SearchContext, SearchController, SearchModule } from '../panel-contract.js';
import { isSearchShortcut } from './search-shortcut.js';

/** Adds a listener the widget removes when it is destroyed (see `startWidget`). */
export type Listen = (
  target: EventTarget,
  type: string,
  handler: (event: Event) => void,
  passive?: boolean,
) => void;

/** What {@link createSearchOpener} gives back to the widget. */
export interface SearchOpener {
  /**
   * Opens the modal, with `query` typed in when given and focus back to `opener` when it
   * closes; nothing when the agent cannot be searched.
   */
  open(query?: string, opener?: HTMLElement): void;
  /** Asks the BFF whether the agent can be searched (once: then its answer is kept). */
  available(): Promise<boolean>;
  /** Destroys the modal, if one was made; later searches do nothing. */
  destroy(): void;
}

/**
 * Makes the search mode of one widget. With `data-search` on, the page's shortcuts
 * (`data-search-shortcut`) and search buttons (`data-search-button`) open it: their
 * listeners take the capture phase, before the page's own handlers, and leave the page's
 * keys and buttons alone once the BFF said the agent cannot be searched.
 *
 * @param context What the search chunk's `mountSearch` is given.
 * @param load Loads the search chunk.
 */
export function createSearchOpener(
  context: SearchContext,
  load: () => Promise<SearchModule>,
  listen: Listen,
): SearchOpener {
  const { config, window } = context;
  let destroyed = false;
  let searchOn: boolean | undefined;
  let features: Promise<boolean> | undefined;
  let search: Promise<SearchController> | undefined;
  const available = (): Promise<boolean> =>
    (features ??= window
      .fetch(`${config.endpoint}/api/agents/${config.agentId}/features`, { credentials: 'omit' })
      .then((response) => response.json())
      .then((body: { search?: unknown }) => (searchOn = body.search === true))
      .catch(() => {
        features = undefined;
        return false;
      }));
  const open = (query?: string, opener?: HTMLElement): void => {
    void available().then((on) => {
      if (!on || destroyed) return;
      search ??= load().then((module) => module.mountSearch(context));
      search.then(
        (controller) => controller.open(query, opener),
        () => {
          // Tried again at the next search.
          search = undefined;
        },
      );
    });
  };
  if (config.search) {
    const document = window.document;
    listen(
      document,
      'keydown',
      (event) => {
        if (
          searchOn === false ||
          !isSearchShortcut(event as KeyboardEvent, config.searchShortcuts)
        ) {
          return;
        }
        event.preventDefault();
        open();
      },
      false,
    );
    const selector = config.searchButton;
    if (selector) {
      listen(
        document,
        'click',
        (event) => {
          const button = (event.target as Element).closest?.(selector);
          if (!button || searchOn === false) return;
          // Capture phase: the page's own search never opens beside ours.
          event.preventDefault();
          event.stopPropagation();
          open(undefined, button as HTMLElement);
        },
        false,
      );
    }
  }
  return {
    open,
    available,
    destroy() {
      destroyed = true;
      search?.then((controller) => controller.destroy()).catch(() => {});
    },
  };
}
