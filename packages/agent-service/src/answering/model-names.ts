import type { AgentModelName } from '@agent-chat/protocol';

const MODEL_NAMES: Record<AgentModelName, string> = {
  gpt_3_5_turbo: 'gpt-3.5-turbo',
  gpt_3_5_turbo_16k: 'gpt-3.5-turbo-16k',
  gpt_4: 'gpt-4',
  gpt_4_32k: 'gpt-4-32k',
};

/** The OpenAI model to request: the configured one, else the agent's `modelName` mapped. */
export function chatModelName(configured: string | undefined, modelName: AgentModelName): string {
  return configured ?? MODEL_NAMES[modelName];
}
