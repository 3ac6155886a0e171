import type { SignedUser } from '@agent-chat/protocol';
import type { LauncherStrings, LocaleStrings } from './i18n/index.js';
import type { createGreeting } from './loader/create-greeting.js';
import type { WidgetConfig } from './widget-config.js';

/** Names of the widget's events: `on(name, fn)` and DOM `agent-chat:<name>` CustomEvents. */
export type AgentChatEventName = 'open' | 'close' | 'message' | 'answer' | 'error';

/** What the loader hands the lazily loaded panel chunk. */
export interface PanelContext {
  config: WidgetConfig;
  /** The widget's shadow root. */
  shadowRoot: ShadowRoot;
  /** The themed wrapper element inside the shadow root; the panel renders into it. */
  container: HTMLElement;
  /** The floating launcher button, or null in inline mode. */
  launcher: HTMLButtonElement | null;
  /** The launcher's labels (the panel flips them on open/close). */
  launcherStrings: LauncherStrings;
  /**
   * The page's language, loaded by the loader alongside the panel chunk; undefined for English
   * and for languages without a translation (the panel bundles English, the fallback).
   */
  locale: LocaleStrings | undefined;
  /** Adds a stylesheet to the shadow root (constructable, or `<style nonce>` as a fallback). */
  adoptStyles(css: string): void;
  /** Calls `on()` listeners and dispatches the DOM CustomEvent on the host element. */
  emit(name: AgentChatEventName, detail: Record<string, unknown>): void;
  /** The page's window (storage, clipboard, visualViewport, timers). */
  window: Window & typeof globalThis;
  /** The script tag's `data-*` attributes, for the parts that read their own (`data-user-*`). */
  dataset: DOMStringMap;
}

/** What the panel chunk gives back to the loader. */
export interface PanelController {
  /** Opens the panel; focus moves into it unless `moveFocus` is false (opening at page load). */
  open(moveFocus?: boolean): void;
  close(): void;
  toggle(): void;
  send(text: string): Promise<void>;
  reset(): void;
  /** Verifies and becomes a signed-in user (see `AgentChatApi.identify`). */
  identify(user: SignedUser): Promise<void>;
  /** Forgets the user's conversation state, in memory and in storage. */
  logout(): void;
  destroy(): void;
}

/** The panel chunk's module shape. */
export interface PanelModule {
  mountPanel(context: PanelContext): PanelController;
}

/** A locale chunk's module shape (`src/i18n/locales/<lang>.ts`). */
export interface LocaleModule {
  default: LocaleStrings;
}

/** The greeting chunk's module shape (`src/loader/create-greeting.ts`). */
export interface GreetingModule {
  createGreeting: typeof createGreeting;
}

/** What the search chunk gets from the loader (`src/search/mount-search.tsx`). */
export interface SearchContext {
  config: WidgetConfig;
  /** The widget's root element in its shadow root: the modal is a layer inside it. */
  container: HTMLElement;
  /** Adds CSS to the widget's shadow root (constructable, or `<style nonce>`). */
  adoptStyles: (css: string) => void;
  /** "Ask AI": opens the chat panel and asks `query` there. */
  ask(query: string): void;
  window: Window & typeof globalThis;
}

/** The open search modal's controls. */
export interface SearchController {
  /**
   * Shows the modal (focus in its search box), with `query` typed in when given; focus
   * returns to `opener` (else the element focused before) when it closes.
   */
  open(query?: string, opener?: HTMLElement): void;
  close(): void;
  isOpen(): boolean;
  destroy(): void;
}

/** The search chunk's module shape (`src/search/mount-search.tsx`). */
export interface SearchModule {
  mountSearch(context: SearchContext): SearchController;
}
