import {
  optionDocs,
  wholeNumberFromEnv,
  wholeNumberOption,
  wholeNumberSchema,
} from '@agent-chat/protocol/options';
import { z } from 'zod';
import { type Answerer, DEFAULT_MODEL_TIMEOUT_MS } from '../answering/index.js';
import { httpUrl } from './http-url.js';

/** How questions are answered: by a language model, a custom answerer, or extractively. */
export const answeringOptionFields = {
  /** An OpenAI-compatible chat-completions API. Omitted: extractive answers (no model, no network). */
  llm: z
    .object({
      /** Base URL, e.g. `https://api.openai.com/v1`. Env `LLM_BASE_URL`. */
      baseUrl: httpUrl(
        'https://api.openai.com/v1',
        'is required with the other LLM_ settings (without it, answers are extractive)',
      ).register(optionDocs, {
        env: 'LLM_BASE_URL',
        defaultText: 'extractive answers',
        description:
          'Base URL of an OpenAI-compatible chat-completions API, e.g. `https://api.openai.com/v1`; without it answers are extractive (no model, no network).',
      }),
      /** Its API key. Env `LLM_API_KEY`. */
      apiKey: z.string().optional().register(optionDocs, {
        env: 'LLM_API_KEY',
        secret: true,
        description: 'API key of the model (never logged).',
      }),
      /** Model to request. Env `LLM_MODEL`. Default: the agent's `modelName` mapped to OpenAI's. */
      model: z.string().optional().register(optionDocs, {
        env: 'LLM_MODEL',
        defaultText: "mapped from the agent's `modelName`",
        description: 'Model name to request.',
      }),
      /** Longest silence of the model before giving up (504), ms. Env `LLM_TIMEOUT_MS`. */
      timeoutMs: wholeNumberOption(DEFAULT_MODEL_TIMEOUT_MS, {
        env: 'LLM_TIMEOUT_MS',
        description: 'Longest silence of the model before giving up (504 `UPSTREAM_TIMEOUT`), ms.',
      }),
      /** Longest time to rewrite a follow-up as a standalone question, ms (0: off). Env `LLM_CONDENSE_TIMEOUT_MS`. */
      condenseTimeoutMs: wholeNumberSchema(0).default(5_000).register(optionDocs, {
        env: 'LLM_CONDENSE_TIMEOUT_MS',
        fromEnv: wholeNumberFromEnv,
        description:
          'Longest time the model may take to rewrite a follow-up as a standalone question before retrieval, ms (0: blend the previous question in instead).',
      }),
    })
    .optional(),
  /** A custom answerer, used instead of the extractive or LLM one. */
  answerer: z
    .custom<Answerer>(
      (value) =>
        typeof value === 'object' &&
        value !== null &&
        typeof (value as Answerer).answer === 'function',
      { error: 'must be an Answerer (answer(input) → AsyncIterable<string>)' },
    )
    .optional()
    .register(optionDocs, {
      description:
        'A custom `Answerer` (`answer(input) → AsyncIterable<string>`), used instead of the model or the extractive answerer.',
    }),
  /** Pause between the extractive answerer's streamed words, ms. */
  fragmentDelayMs: wholeNumberSchema(0).optional().register(optionDocs, {
    defaultText: 'none',
    description: "Pause between the extractive answerer's streamed words, ms (a typing effect).",
  }),
};
