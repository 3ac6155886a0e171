import type { AgentChatApi, AgentChatGlobal } from '../agent-chat-api.js';

type WindowWithAgentChat = { AgentChat?: AgentChatGlobal };

/**
 * `window.AgentChat`: `instances` and `get()`, and every other property is the first
 * widget's (a method the page's first loader does not know yet included). Once no widget is
 * left, a method a page kept resolves and does nothing.
 */
function createGlobal(instances: AgentChatApi[]): AgentChatGlobal {
  const own: Record<PropertyKey, unknown> = {
    instances,
    get: (agentId?: string) =>
      agentId === undefined ? instances[0] : instances.find((api) => api.agentId === agentId),
  };
  return new Proxy(own, {
    get: (target, name) =>
      target[name] ??
      (instances[0] as unknown as typeof own | undefined)?.[name] ??
      (async () => {}),
  }) as unknown as AgentChatGlobal;
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
