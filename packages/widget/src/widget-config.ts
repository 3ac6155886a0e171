import type { Strings } from './i18n/index.js';

/** Colour scheme of the widget: fixed light or dark, or following the visitor's system. */
export type WidgetTheme = 'light' | 'dark' | 'auto';

/** Where the conversation is kept: `localStorage`, `sessionStorage`, or memory only. */
export type WidgetStorage = 'local' | 'session' | 'none';

/** Side of the screen the floating launcher sits on. */
export type WidgetPosition = 'right' | 'left';

/**
 * The widget's configuration, read from the `data-*` attributes of its script tag
 * (see {@link readConfig}). Every field has a default except `agentId`.
 */
export interface WidgetConfig {
  /** `data-agent-id` (required): the agent to talk to. */
  agentId: string;
  /** `data-endpoint`: absolute BFF base URL without a trailing slash. Default: the script's origin. */
  endpoint: string;
  /** `data-title`: panel title. Default: the language's "Chat" string. */
  title?: string;
  /** `data-welcome`: first message shown in an empty conversation (not sent, not stored). */
  welcome?: string;
  /** `data-placeholder`: placeholder of the message box. */
  placeholder?: string;
  /** `data-primary-color`: any CSS colour; text on it is picked black or white for contrast. */
  primaryColor?: string;
  /** `data-position`: `right` (default) or `left`. */
  position: WidgetPosition;
  /** `data-theme`: `light` (default), `dark` or `auto`. */
  theme: WidgetTheme;
  /** `data-lang`, else the page's `<html lang>`, else `en`. */
  lang: string;
  /** `data-open`: open the panel as soon as the widget loads. Default false. */
  open: boolean;
  /** `data-starters`: `|`-separated starter prompts shown in an empty conversation. */
  starters: string[];
  /** `data-show-sources`: list sources under answers. Default true (`"false"` hides them). */
  showSources: boolean;
  /**
   * `data-handoff`: offer "Talk to a person" when the agent does (its `handoffEnabled`).
   * Default true; `"false"` hides it even then.
   */
  handoff: boolean;
  /** `data-follow-ups`: offer the questions an answer suggests asking next. Default true. */
  followUps: boolean;
  /** `data-greeting`: a short invitation shown beside the launcher before the chat is opened. */
  greeting?: string;
  /** `data-greeting-delay`: seconds before the greeting shows, in milliseconds. Default 3 s. */
  greetingDelayMs: number;
  /**
   * `data-greeting-once`: a dismissed greeting stays dismissed on later pages too (remembered
   * in the configured storage). Default false: dismissal lasts the page.
   */
  greetingOnce: boolean;
  /** `data-storage`: `local` (default), `session` or `none`. */
  storage: WidgetStorage;
  /** `data-nonce`: CSP nonce for the `<style>` used where constructable stylesheets are missing. */
  nonce?: string;
  /** `data-z-index`: stacking order of the floating launcher and panel. Default 2147483000. */
  zIndex: number;
  /** `data-mount`: CSS selector of a container; renders the panel inline inside it. */
  mount?: string;
  /** `data-expiry-hours`: a stored conversation idle for longer is forgotten. Default 168 (7 days). */
  expiryMs: number;
  /** `data-strings`: JSON object overriding any built-in string, e.g. `{"send":"Go"}`. */
  strings: Partial<Strings>;
  /**
   * `data-search`: offer the ⌘K search modal (when the BFF says the agent can be searched).
   * Default true; `"false"` turns the search mode off.
   */
  search: boolean;
  /** `data-search-button`: CSS selector of the page's own search buttons, taken over by the modal. */
  searchButton?: string;
  /**
   * `data-search-shortcut`: the keys that open the search, space-separated: a key, with
   * `mod+` (Ctrl or ⌘) and/or `alt+` before it (`mod+alt+f`). Default `mod+k /`; `"false"`:
   * no shortcut. A key without `mod+` is ignored while typing in a field.
   */
  searchShortcuts: string[];
}
