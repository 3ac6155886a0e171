import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { queryTextSchema } from './query-request-schema.js';
import { sourceSchema } from './responses/index.js';
import { text } from './schema-helpers.js';

/** Most messages one chat completion may send (the last 20 turns are used as history). */
const MAX_MESSAGES = 1_000;

/** Longest `user` field: it becomes a visitorId (hashed when it is not an id). */
const MAX_USER_LENGTH = 256;

const textPartSchema = z.object(
  {
    type: z.literal('text', {
      error: 'only text content parts are supported ({"type":"text","text":"…"})',
    }),
    text: text('text', LIMITS.promptLength.max),
  },
  { error: 'a content part must be an object {"type":"text","text":"…"}' },
);

const messageSchema = z.object(
  {
    role: z.enum(['system', 'developer', 'user', 'assistant'], {
      error: (issue) =>
        issue.input === 'tool' || issue.input === 'function'
          ? 'tool and function messages are not supported: agents call no tools'
          : 'role must be one of: system, developer, user, assistant',
    }),
    content: z
      .union(
        [
          text('content', LIMITS.promptLength.max),
          z.array(textPartSchema).max(MAX_MESSAGES, {
            error: `content may hold at most ${MAX_MESSAGES} parts`,
          }),
          z.null(),
        ],
        { error: 'content must be a string, an array of text parts or null' },
      )
      .optional(),
    name: z.string({ error: 'name must be a string' }).optional(),
  },
  { error: 'each message must be an object {"role","content"}' },
);

/** The text of a message's content: a string, its text parts joined, or empty. */
export function messageText(content: z.output<typeof messageSchema>['content']): string {
  if (typeof content === 'string') return content;
  return (content ?? []).map((part) => part.text).join('');
}

/** `tools` / `functions`: refused unless empty, since ignoring them would mislead. */
function refusedList(field: string) {
  return z
    .array(z.unknown(), { error: `${field} must be an array` })
    .max(0, {
      error: `${field} are not supported: agents answer from their knowledge and call no tools; leave ${field} out`,
    })
    .nullish();
}

/**
 * Schema of `POST /v1/chat/completions` bodies (OpenAI's chat completions request). The
 * fields an agent does not use (`temperature`, `max_tokens`, `stream_options`, `stop`,
 * `seed`, …) are dropped; those whose silent loss would mislead are refused: `n` above 1,
 * non-empty `tools` or `functions`, a JSON `response_format`, tool or function messages.
 * The last `user` message must be a valid question (1 to 10 000 characters, not blank).
 */
export const chatCompletionRequestSchema = z
  .object(
    {
      model: text('model', LIMITS.idLength.max * 2, 1),
      messages: z
        .array(messageSchema, { error: 'messages must be an array of messages' })
        .min(1, { error: 'messages must not be empty' })
        .max(MAX_MESSAGES, { error: `messages may hold at most ${MAX_MESSAGES} messages` }),
      stream: z.boolean({ error: 'stream must be true or false' }).nullish(),
      user: text('user', MAX_USER_LENGTH).nullish(),
      n: z
        .number({ error: 'n must be a number' })
        .int({ error: 'n must be a whole number' })
        .min(1, { error: 'n must be 1' })
        .max(1, { error: 'n must be 1: an agent gives one answer per question' })
        .nullish(),
      tools: refusedList('tools'),
      functions: refusedList('functions'),
      response_format: z
        .object(
          {
            type: z.literal('text', {
              error:
                'response_format must be {"type":"text"}: agents answer in prose (Markdown), not JSON',
            }),
          },
          { error: 'response_format must be an object' },
        )
        .nullish(),
    },
    { error: 'The request body must be a JSON object' },
  )
  .superRefine((body, context) => {
    const index = body.messages.findLastIndex((message) => message.role === 'user');
    if (index === -1) {
      context.addIssue({
        code: 'custom',
        message: 'messages must hold a user message: the last one is the question',
        path: ['messages'],
        input: body.messages,
      });
      return;
    }
    const question = queryTextSchema.safeParse(messageText(body.messages[index]?.content));
    if (!question.success) {
      const issue = question.error.issues[0];
      context.addIssue({
        code: 'custom',
        message: `the last user message (the question) ${(issue?.message ?? 'is invalid').replace(/^query /, '')}`,
        path: ['messages', index, 'content'],
        input: body.messages[index]?.content,
      });
    }
  });

const usageSchema = z.object({
  prompt_tokens: z.number().int(),
  completion_tokens: z.number().int(),
  total_tokens: z.number().int(),
});

/** Schema of a `chat.completion` (the answer of `POST /v1/chat/completions`). */
export const chatCompletionSchema = z.object({
  id: z.string(),
  object: z.literal('chat.completion'),
  created: z.number().int(),
  model: z.string(),
  choices: z.array(
    z.object({
      index: z.literal(0),
      message: z.object({
        role: z.literal('assistant'),
        content: z.string(),
        refusal: z.null(),
      }),
      finish_reason: z.literal('stop'),
      logprobs: z.null(),
    }),
  ),
  usage: usageSchema,
  sources: z.array(sourceSchema),
  conversation_id: z.string(),
  visitor_id: z.string(),
});

/** Schema of a `chat.completion.chunk` (one event of a streamed completion). */
export const chatCompletionChunkSchema = z.object({
  id: z.string(),
  object: z.literal('chat.completion.chunk'),
  created: z.number().int(),
  model: z.string(),
  choices: z.array(
    z.object({
      index: z.literal(0),
      delta: z.object({
        role: z.literal('assistant').optional(),
        content: z.string().optional(),
      }),
      finish_reason: z.literal('stop').nullable(),
      logprobs: z.null(),
    }),
  ),
  usage: usageSchema.optional(),
  sources: z.array(sourceSchema).optional(),
  conversation_id: z.string().optional(),
  visitor_id: z.string().optional(),
});

/** Schema of one model (an agent) of `GET /v1/models`. */
export const modelSchema = z.object({
  id: z.string(),
  object: z.literal('model'),
  created: z.number().int(),
  owned_by: z.string(),
  name: z.string(),
});

/** Schema of `GET /v1/models`. */
export const modelListSchema = z.object({
  object: z.literal('list'),
  data: z.array(modelSchema),
});

/** Schema of every `/v1` error body, OpenAI's `{error:{message,type,param,code}}`. */
export const openAiErrorSchema = z.object({
  error: z.object({
    message: z.string(),
    type: z.string(),
    param: z.string().nullable(),
    code: z.string().nullable(),
  }),
});
