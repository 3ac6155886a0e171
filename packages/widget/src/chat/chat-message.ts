import type { Source } from '@agent-chat/protocol';

/** A failure shown in the conversation. `code` is from ERROR_CODES or `OFFLINE`/`NETWORK`. */
export interface ChatError {
  code: string;
  /** The server's message (for logs and events; the UI shows its own plain words). */
  message: string;
  /** HTTP status when the request itself failed. */
  status?: number;
  /** Seconds to wait before retrying (from `Retry-After` on 429). */
  retryAfterSeconds?: number;
}

/** One message of the transcript. */
export interface ChatMessage {
  id: string;
  role: 'user' | 'assistant';
  text: string;
  /** Assistant answers: the sources the answer is based on. */
  sources?: Source[];
  /**
   * Assistant answers: `streaming` while fragments arrive, `done`, `stopped` by the
   * visitor (partial text kept), or `error` (partial text kept, `error` set).
   */
  state?: 'streaming' | 'done' | 'stopped' | 'error';
  error?: ChatError;
}
