/**
 * Integrations: an agent answering in a Slack workspace over its HTTP interfaces.
 * Operators store the app's credentials per agent, sealed with AES-256-GCM
 * (`INTEGRATIONS_SECRET`) and never read back; the platform posts to signed public
 * endpoints, answered at once and in the background: the same retrieval, citations,
 * feedback and handoff as the widget, one platform thread per conversation, and an
 * operator's reply posted back into its thread. Calls to the platform go through one
 * client with timeouts and retries (`Retry-After` on 429); what a platform does not take
 * even then is queued in the outbox and posted later by the agent's bot.
 */
export { createChannelTransport } from './channel-transport.js';
export { createIntegrations, type Integrations } from './integrations.js';
