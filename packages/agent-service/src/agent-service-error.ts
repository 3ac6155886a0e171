import { ERROR_CODES } from '@agent-chat/protocol';

/**
 * The one error type of the agent service. `code` is one of the shared
 * {@link ERROR_CODES}; `status` is the HTTP status the edge answers with. Messages are
 * written for the API caller and never contain secrets.
 */
export class AgentServiceError extends Error {
  override readonly name = 'AgentServiceError';
  /** Machine-readable reason, e.g. `NOT_FOUND`. */
  readonly code: string;
  /** HTTP status used when this error reaches a response. */
  readonly status: number;

  constructor(code: string, status: number, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
    this.status = status;
  }
}

/** A resource that does not exist, or belongs to another organization (no existence leak). */
export function notFound(kind: string, id: string): AgentServiceError {
  return new AgentServiceError(ERROR_CODES.notFound, 404, `${kind} "${id}" was not found.`);
}

/** A request that breaks a rule of the API; `message` names the field and the rule. */
export function invalidRequest(message: string): AgentServiceError {
  return new AgentServiceError(ERROR_CODES.invalidRequest, 400, message);
}

/** A request the caller may not make, whoever they are (e.g. a datastore the agent lacks). */
export function forbidden(message: string): AgentServiceError {
  return new AgentServiceError(ERROR_CODES.forbidden, 403, message);
}
