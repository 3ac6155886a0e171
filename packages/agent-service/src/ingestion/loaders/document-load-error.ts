import { AgentServiceError } from '../../agent-service-error.js';

/**
 * Why a document could not be read:
 * - `UNSUPPORTED_TYPE` — no loader for its type (HTTP 415; the message lists the supported ones);
 * - `EMPTY_DOCUMENT` — no bytes, or no text once read (a PDF of scanned images, an empty page);
 * - `CORRUPT_DOCUMENT` — the bytes are not a valid file of the type they claim;
 * - `ENCRYPTED_DOCUMENT` — protected by a password;
 * - `NOT_HTML` — a fetched web page (`url` given) whose content is not a readable document.
 */
export type DocumentLoadErrorCode =
  | 'UNSUPPORTED_TYPE'
  | 'EMPTY_DOCUMENT'
  | 'CORRUPT_DOCUMENT'
  | 'ENCRYPTED_DOCUMENT'
  | 'NOT_HTML';

const statuses: Record<DocumentLoadErrorCode, number> = {
  UNSUPPORTED_TYPE: 415,
  EMPTY_DOCUMENT: 422,
  CORRUPT_DOCUMENT: 422,
  ENCRYPTED_DOCUMENT: 422,
  NOT_HTML: 422,
};

/**
 * The typed error of {@link loadDocument}: `code` says what went wrong, `message` says it
 * for a person (it becomes a datasource's `errorMessage`), `cause` keeps the library's
 * error. An {@link AgentServiceError}, so at the HTTP edge it answers with its `status`.
 */
export class DocumentLoadError extends AgentServiceError {
  declare readonly code: DocumentLoadErrorCode;

  constructor(code: DocumentLoadErrorCode, message: string, options?: { cause?: unknown }) {
    super(code, statuses[code], message, options);
  }
}
