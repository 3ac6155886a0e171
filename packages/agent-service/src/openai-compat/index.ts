/**
 * The OpenAI-compatible API (`/v1`): an organization's agents as models, and chat
 * completions answered by an agent through the same pipeline as the query route (JSON or
 * OpenAI's stream), with errors in OpenAI's shape, so the clients people already have
 * (the `openai` SDKs, LangChain's `ChatOpenAI`, Open WebUI) work unchanged.
 */
export { toOpenAiError } from './openai-errors.js';
export { createOpenAiRoutes } from './openai-routes.js';
