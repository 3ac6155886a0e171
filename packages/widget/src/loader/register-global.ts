import type { AgentChatApi, AgentChatGlobal } from '../agent-chat-api.js';

type WindowWithAgentChat = { AgentChat?: AgentChatGlobal };

function createGlobal(instances: AgentChatApi[]): AgentChatGlobal {
  const first = (): AgentChatApi | undefined => instances[0];
  return {
    instances,
    get: (agentId) =>
      agentId === undefined ? first() : instances.find((api) => api.agentId === agentId),
    get agentId() {
      return first()?.agentId ?? '';
    },
    get element() {
      return first()?.element as HTMLElement;
    },
    open: () => first()?.open(),
    close: () => first()?.close(),
    toggle: () => first()?.toggle(),
    send: (text) => first()?.send(text) ?? Promise.resolve(),
    reset: () => first()?.reset(),
    greet: (text) => first()?.greet(text),
    hideGreeting: () => first()?.hideGreeting(),
    openSearch: (query) => first()?.openSearch(query),
    destroy: () => first()?.destroy(),
    on: (event, listener) => first()?.on(event, listener) ?? (() => {}),
  };
}

/**
 * Registers a widget in `window.AgentChat` (shared by every copy of the loader on the
 * page). Returns the function that unregisters it.
 */
export function registerGlobal(target: object, api: AgentChatApi): () => void {
  const scope = target as WindowWithAgentChat;
  let instances = scope.AgentChat?.instances as AgentChatApi[] | undefined;
  if (!Array.isArray(instances)) {
    instances = [];
    scope.AgentChat = createGlobal(instances);
  }
  instances.push(api);
  const list = instances;
  return () => {
    const index = list.indexOf(api);
    if (index >= 0) list.splice(index, 1);
    if (list.length === 0 && scope.AgentChat?.instances === list) delete scope.AgentChat;
  };
}
