import type { AgentModelName, PromptType } from '@agent-chat/protocol';
import type { ConversationMessage } from './conversations.js';
import type { Passage } from './retrieval.js';

/** The settings one query runs with: the agent's, overridden by the query's fields. */
export interface AnswerSettings {
  modelName: AgentModelName;
  temperature: number;
  systemPrompt: string | null;
  userPrompt: string | null;
  promptType: PromptType;
  promptTemplate: string | null;
  maxTokens?: number | undefined;
  topP?: number | undefined;
  presencePenalty?: number | undefined;
  frequencyPenalty?: number | undefined;
}

/** Everything an answerer gets for one query. */
export interface AnswerInput {
  query: string;
  /** Retrieved passages, best first (may be empty). */
  passages: readonly Passage[];
  /** Earlier turns of the conversation, oldest first. */
  history: readonly ConversationMessage[];
  settings: AnswerSettings;
  /** Aborted when the client goes away: stop working and return. */
  signal: AbortSignal;
}

/**
 * Produces an answer as a sequence of text fragments that concatenate to the answer.
 * Implementations: the extractive answerer (default) and the OpenAI-compatible one.
 */
export interface Answerer {
  answer(input: AnswerInput): AsyncIterable<string>;
}
