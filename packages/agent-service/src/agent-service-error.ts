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

/** The code of a configuration mistake found by `createAgentService()`, `startAgentService()` or the CLI. */
export const INVALID_OPTIONS = 'INVALID_OPTIONS';

/**
 * Options (given in code, or read from the environment by the CLI) that break a rule; the
 * message names the option or variable and the rule. Thrown at start, never at a request.
 */
export function invalidOptions(message: string): AgentServiceError {
  return new AgentServiceError(INVALID_OPTIONS, 500, message);
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

/** A visitor asked for a person, but the agent does not offer handoff (`handoffEnabled` off). */
export function handoffDisabled(agentId: string): AgentServiceError {
  return new AgentServiceError(
    ERROR_CODES.handoffDisabled,
    403,
    `Agent "${agentId}" does not offer a person to talk to; set handoffEnabled on the agent to allow it.`,
  );
}

/** A visitor left contact details, but the agent does not capture contacts (`contactCapture.enabled` off). */
export function contactCaptureDisabled(agentId: string): AgentServiceError {
  return new AgentServiceError(
    ERROR_CODES.contactCaptureDisabled,
    403,
    `Agent "${agentId}" does not capture contacts; set contactCapture.enabled on the agent to allow it.`,
  );
}
