import type { Agent, AgentModelName, PromptType, QueryRequest } from '@agent-chat/protocol';
import type { ConversationMessage } from '../conversations/index.js';
import type { Passage } from '../retrieval/index.js';

/** The settings one query runs with: the agent's, overridden by the query's fields. */
export interface AnswerSettings {
  modelName: AgentModelName;
  temperature: number;
  systemPrompt: string | null;
  userPrompt: string | null;
  promptType: PromptType;
  promptTemplate: string | null;
  /** The query's `context`, trimmed: appended to the system prompt (LLM answerer only). */
  context?: string | undefined;
  maxTokens?: number | undefined;
  topP?: number | undefined;
  presencePenalty?: number | undefined;
  frequencyPenalty?: number | undefined;
}

/** The agent's settings with the query's overrides applied (the seed's rule). */
export function answerSettings(agent: Agent, query: QueryRequest): AnswerSettings {
  return {
    modelName: query.modelName ?? agent.modelName,
    temperature: query.temperature ?? agent.temperature,
    systemPrompt: query.systemPrompt ?? agent.systemPrompt,
    userPrompt: query.userPrompt ?? agent.userPrompt,
    promptType: query.promptType ?? agent.promptType,
    promptTemplate: query.promptTemplate ?? agent.promptTemplate,
    context: query.context?.trim() || undefined,
    maxTokens: query.maxTokens,
    topP: query.topP,
    presencePenalty: query.presencePenalty,
    frequencyPenalty: query.frequencyPenalty,
  };
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
  /** Whether the agent can hand the conversation to a person (offered when declining). */
  handoffEnabled?: boolean | undefined;
}

/**
 * Which sources an answer cites: `[n]` in its text stands for the source of
 * `input.passages[citations[n - 1]]`, and the response lists exactly those, in that order.
 * An answerer that sends none is taken to number its citations by the datasources of the
 * passages in their order (the response then lists one source per datasource).
 */
export interface AnswerCitations {
  citations: number[];
}

/** What an answer streams: text fragments that concatenate to it, and its citations. */
export type AnswerPart = string | AnswerCitations;

/**
 * Produces an answer as a sequence of text fragments that concatenate to the answer.
 * Implementations: the extractive answerer (default) and the OpenAI-compatible one.
 */
export interface Answerer {
  answer(input: AnswerInput): AsyncIterable<AnswerPart>;
}
