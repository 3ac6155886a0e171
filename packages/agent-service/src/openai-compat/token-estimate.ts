import type { ChatCompletionUsage } from '@agent-chat/protocol';

/** Characters of English text per token of OpenAI's tokenizers, roughly. */
const CHARACTERS_PER_TOKEN = 4;

function estimateTokens(text: string): number {
  return Math.ceil(text.length / CHARACTERS_PER_TOKEN);
}

/**
 * A completion's `usage`, estimated at about 4 characters a token: the answerers do not
 * report the model's own count (and the extractive one has no model), and clients such as
 * LangChain read `usage` on every completion.
 */
export function estimateUsage(promptText: string, answer: string): ChatCompletionUsage {
  const prompt = estimateTokens(promptText);
  const completion = estimateTokens(answer);
  return {
    prompt_tokens: prompt,
    completion_tokens: completion,
    total_tokens: prompt + completion,
  };
}
