import { AgentServiceError } from '../agent-service-error.js';

/**
 * The service's code for a model that is not one of the organization's agents; `/v1`
 * renders it as OpenAI's 404 `model_not_found`.
 */
export const MODEL_NOT_FOUND = 'MODEL_NOT_FOUND';

/**
 * 404 for a `model` that is not an agent of the caller's organization (unknown, deleted,
 * or another organization's: no existence leak).
 */
export function modelNotFound(model: string): AgentServiceError {
  return new AgentServiceError(
    MODEL_NOT_FOUND,
    404,
    `The model "${model}" does not exist: use the id of one of your agents (GET /v1/models lists them).`,
  );
}
