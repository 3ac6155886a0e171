/**
 * @agent-chat/widget — the chat bubble loaded with one script tag.
 *
 * The browser artefacts are `dist/widget.js` (classic-script loader) and `dist/assets/*`
 * (lazily loaded panel chunks); serve that directory (the BFF does: `widgetDir`). This entry
 * exports the types of the JS API (`window.AgentChat`) and the configuration, plus the
 * building blocks the panel is made of, for tests and custom embeddings.
 *
 * @example
 * <script src="https://bff.example/widget.js" data-agent-id="demo" defer></script>
 * <script>
 *   document.addEventListener('agent-chat:answer', (event) => console.log(event.detail.text));
 * </script>
 */

/** The codes of failures the widget names itself (offline, network…): the protocol's. */
export { CLIENT_ERROR_CODES } from '@agent-chat/protocol';
export type { AgentChatApi, AgentChatGlobal, AgentChatListener } from './agent-chat-api.js';
export {
  type ChatError,
  type ChatMessage,
  type ChatModel,
  type ChatModelOptions,
  type ChatQuery,
  type ChatStatus,
  type ConversationStore,
  type ConversationStoreOptions,
  createChatModel,
  createConversationStore,
  createHttpQueryTransport,
  describeError,
  type HttpQueryTransportOptions,
  type QueryEvent,
  type QueryTransport,
  type SavedConversation,
  type SendQueryOptions,
  storageKey,
} from './chat/index.js';
export { resolveStrings, STRINGS } from './i18n/every-language.js';
export {
  formatString,
  languageDirection,
  type PanelStrings,
  type Strings,
} from './i18n/index.js';
export { readConfig } from './loader/read-config.js';
export { contrastRatio, parseColor, readableTextColor } from './loader/readable-text-color.js';
export type { AgentChatEventName } from './panel-contract.js';
export type {
  WidgetConfig,
  WidgetPosition,
  WidgetStorage,
  WidgetTheme,
} from './widget-config.js';
export { WidgetError } from './widget-error.js';
