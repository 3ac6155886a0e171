/**
 * The widget's conversation routes: feedback on answers, asking for a person, polling
 * for operator replies, leaving contact details and reading the agent's contact form, and
 * listing or erasing past conversations — each only for the verified visitor who owns
 * the conversation or message, relayed to the agent service's visitor routes.
 */

export { callUpstreamJson } from './upstream-json-call.js';
export { createWidgetConversationRoutes } from './widget-conversation-routes.js';
