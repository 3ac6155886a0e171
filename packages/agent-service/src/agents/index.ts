/**
 * Agents: an organization's configured assistants (model, temperature, prompts), the
 * datastores each answers from, and which of them a query searches.
 */
export { type AgentSummary, listAgentSummaries } from './agent-summaries.js';
export { createAgent, deleteAgent, getAgent, listAgents, updateAgent } from './agents.js';
export { searchedDatastores } from './searched-datastores.js';
