import type { CitedSource } from './eval-source-match.js';

/**
 * What an evaluation reads of an answer: the query route's reply (`QueryResponse`), or what
 * another way of asking the agent gives back (the MCP `ask_question` tool).
 */
export interface EvalAnswer {
  answer: string;
  /** The cited sources, in order. */
  sources: readonly (CitedSource & { score: number })[];
  conversationId: string;
  /** Suggested next questions (the query route's; absent: none). */
  followUps?: readonly string[];
}
