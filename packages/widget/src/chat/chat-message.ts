import type { MessageEval, Source } from '@agent-chat/protocol';
import type { ChatError } from './chat-error.js';

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
  /** Assistant answers: the server's id of the answer, needed to vote on it. */
  messageId?: string;
  /** Assistant answers: the visitor's vote, if any. */
  vote?: MessageEval;
}
