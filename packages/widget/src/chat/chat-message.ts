import type { MessageEval, Source } from '@agent-chat/protocol';
import type { ChatError } from './chat-error.js';

/**
 * What a `notice` line of the transcript says, as the key of its string: the conversation
 * went to a person (`handoffNotice`), came back to the assistant (`handbackNotice`), or
 * asking for a person failed (`errorHandoff`). The panel words it in the visitor's language.
 */
export type ChatNotice = 'handoffNotice' | 'handbackNotice' | 'errorHandoff';

/** One message of the transcript. */
export interface ChatMessage {
  id: string;
  /**
   * `user` (the visitor), `assistant` (the AI, or the service's acknowledgement while a
   * person answers), `operator` (a person's reply) or `notice` (a line about the
   * conversation itself, see {@link ChatNotice}).
   */
  role: 'user' | 'assistant' | 'operator' | 'notice';
  text: string;
  /** Assistant answers: the sources the answer is based on. */
  sources?: Source[];
  /**
   * Assistant answers: `streaming` while fragments arrive, `done`, `stopped` by the
   * visitor (partial text kept), or `error` (partial text kept, `error` set).
   */
  state?: 'streaming' | 'done' | 'stopped' | 'error';
  error?: ChatError;
  /** Assistant answers and operator replies: the server's id of the message. */
  messageId?: string;
  /** Assistant answers: the visitor's vote, if any. */
  vote?: MessageEval;
  /** Assistant answers: questions the answer suggests asking next (the server's `followUps`). */
  followUps?: string[];
  /** Notices: what happened. */
  notice?: ChatNotice;
}
