/** A failure shown in the conversation. `code` is from ERROR_CODES or CLIENT_ERROR_CODES (protocol). */
export interface ChatError {
  code: string;
  /** The server's message (for logs and events; the UI shows its own plain words). */
  message: string;
  /** HTTP status when the request itself failed. */
  status?: number;
  /** Seconds to wait before retrying (from `Retry-After` on 429). */
  retryAfterSeconds?: number;
}
