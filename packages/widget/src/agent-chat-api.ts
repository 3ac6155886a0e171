import type { SignedUser } from '@agent-chat/protocol';
import type { AgentChatEventName } from './panel-contract.js';

/** A listener of widget events; `detail` always carries `agentId`. */
export type AgentChatListener = (detail: Record<string, unknown>) => void;

/** The JS API of one widget. */
export interface AgentChatApi {
  /** The agent this widget talks to. */
  readonly agentId: string;
  /** The host element (events are dispatched on it as `agent-chat:<name>`). */
  readonly element: HTMLElement;
  /** Opens the panel (loading it first if needed) and moves focus into it. */
  open(): void;
  /** Closes the panel. */
  close(): void;
  /** Opens or closes the panel. */
  toggle(): void;
  /** Sends a message as if the visitor typed it; resolves when the answer is complete. */
  send(text: string): Promise<void>;
  /**
   * Shows `text` in the greeting bubble beside the launcher now (floating mode, panel closed),
   * even after the visitor dismissed the page's `data-greeting`.
   */
  greet(text: string): void;
  /** Hides the greeting bubble. */
  hideGreeting(): void;
  /**
   * Opens the search modal, with `query` typed in when given (nothing happens when the search
   * mode is off: `data-search="false"`, or an upstream without search).
   */
  openSearch(query?: string): void;
  /** Starts a new conversation. */
  reset(): void;
  /**
   * Tells the chat who is signed in, after the site's sign-in (the same as `data-user-id`,
   * `data-user-hash`, `data-user-name`, `data-user-email` on the script tag): `userHash` is
   * `HMAC-SHA256(IDENTITY_SECRET, userId)` in hex, computed on the site's server. The
   * conversation of this page so far is merged into the user's, whose earlier conversations
   * from any device are listed under "Conversations". Resolves once the chat server verified
   * the user; rejects with its error (`IDENTITY_INVALID` for a wrong hash), which the panel
   * shows too: questions are never asked anonymously instead.
   *
   * @example
   * await AgentChat.identify({ userId: '42', userHash, name: 'Ada', email: 'ada@example.com', attributes: { plan: 'pro' } });
   */
  identify(user: SignedUser): Promise<void>;
  /**
   * At the site's sign-out: forgets what this browser keeps of the user's chat (the
   * conversation, the visitor id, the list of earlier conversations); the next question
   * starts anonymous.
   */
  logout(): void;
  /** Removes the widget from the page and stops everything it does. */
  destroy(): void;
  /** Listens to `open`, `close`, `message`, `answer` or `error`. Returns an unsubscribe. */
  on(event: AgentChatEventName, listener: AgentChatListener): () => void;
}

/**
 * `window.AgentChat`: the API of the first widget on the page, plus access to every widget
 * when several agents share a page.
 */
export interface AgentChatGlobal extends AgentChatApi {
  /** Every widget on the page, in load order. */
  readonly instances: readonly AgentChatApi[];
  /** The widget of an agent (or the first one without an argument). */
  get(agentId?: string): AgentChatApi | undefined;
}
