/**
 * Agents: an organization's configured assistants (model, temperature, prompts) and the
 * datastores each answers from.
 */
export { createAgent, deleteAgent, getAgent, listAgents, updateAgent } from './agents.js';
