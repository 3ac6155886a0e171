import { ERROR_CODES } from '@agent-chat/protocol';
import { AgentServiceError } from '../agent-service-error.js';

/** Why an embeddings call failed. */
export type EmbeddingsFailure =
  /** The server could not be reached, timed out, or answered 429/5xx after every retry. */
  | 'unavailable'
  /** The server refused the key (401/403). */
  | 'unauthorized'
  /** The server refused the request (another 4xx), e.g. an unknown model. */
  | 'rejected'
  /** The reply was not an OpenAI-shaped list of vectors for the texts sent. */
  | 'bad_response'
  /** The vectors are not of the size the store holds for this model. */
  | 'dimension_mismatch'
  /** The database has no pgvector extension. */
  | 'missing_extension';

/**
 * An embeddings failure: the agent service's error with the `failure` that caused it.
 * Messages name the server by host only and never contain the API key.
 */
export class EmbeddingsError extends AgentServiceError {
  readonly failure: EmbeddingsFailure;

  constructor(failure: EmbeddingsFailure, message: string, options?: { cause?: unknown }) {
    super(
      failure === 'unauthorized' ? ERROR_CODES.upstreamAuth : ERROR_CODES.upstreamError,
      502,
      message,
      options,
    );
    this.failure = failure;
  }
}

/** The "dimension mismatch" error, naming both sizes and the way out. */
export function dimensionMismatch(
  model: string,
  stored: number,
  received: number,
  configured = false,
): EmbeddingsError {
  return new EmbeddingsError(
    'dimension_mismatch',
    `${configured ? `EMBEDDINGS_DIMENSIONS asks for ${received}-dimensional vectors` : `The embeddings server returned ${received}-dimensional vectors`} for model "${model}", but the ` +
      `vectors stored for it (and their HNSW index) are ${stored}-dimensional. Run ` +
      `"agent-chat-service reembed" to rebuild them at ${received} dimensions, or set ` +
      `EMBEDDINGS_DIMENSIONS / EMBEDDINGS_MODEL back to what they were made with.`,
  );
}
