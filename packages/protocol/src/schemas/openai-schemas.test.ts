import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type {
  ChatCompletion,
  ChatCompletionChunk,
  ChatCompletionRequest,
  OpenAiErrorBody,
  OpenAiModelList,
} from '../openai.js';
import { encodeChatCompletionEvent } from '../sse-encoder.js';
import {
  type chatCompletionChunkSchema,
  chatCompletionRequestSchema,
  type chatCompletionSchema,
  type modelListSchema,
  type openAiErrorSchema,
} from './openai-schemas.js';
import { parseBody } from './parse-body.js';

type Parsed<T> = T extends object ? { [K in keyof T]: Exclude<T[K], undefined> } : T;

const question = { role: 'user', content: 'How are refunds processed?' };

describe('OpenAI-compatible schemas', () => {
  it('parse exactly what the protocol types describe (checked by tsc)', () => {
    expectTypeOf<
      Parsed<z.output<typeof chatCompletionRequestSchema>>
    >().toEqualTypeOf<ChatCompletionRequest>();
    expectTypeOf<Parsed<z.output<typeof chatCompletionSchema>>>().toEqualTypeOf<ChatCompletion>();
    expectTypeOf<
      Parsed<z.output<typeof chatCompletionChunkSchema>>
    >().toEqualTypeOf<ChatCompletionChunk>();
    expectTypeOf<z.output<typeof modelListSchema>>().toEqualTypeOf<OpenAiModelList>();
    expectTypeOf<z.output<typeof openAiErrorSchema>>().toEqualTypeOf<OpenAiErrorBody>();
  });

  it('accepts the fields agents ignore, and text parts, and drops what it does not use', () => {
    const parsed = parseBody(chatCompletionRequestSchema, {
      model: 'agent-1',
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: [{ type: 'text', text: 'Hi' }] },
        { role: 'assistant', content: null },
        question,
      ],
      temperature: 0.2,
      max_tokens: 50,
      stream_options: { include_usage: true },
      n: 1,
      tools: [],
      user: 'someone@example.com',
    });
    expect(parsed.success).toBe(true);
    expect(parsed.success && parsed.data).not.toHaveProperty('temperature');
  });

  it.each([
    [{ messages: [] }, 'messages', 'messages must not be empty'],
    [
      { messages: [{ role: 'system', content: 'x' }] },
      'messages',
      'messages must hold a user message: the last one is the question',
    ],
    [
      { messages: [{ role: 'user', content: 'x'.repeat(10_001) }] },
      'messages[0].content',
      'the last user message (the question) must be at most 10000 characters',
    ],
    [
      { messages: [{ role: 'user', content: '   ' }] },
      'messages[0].content',
      'the last user message (the question) must not be blank',
    ],
    [{ messages: [question], n: 2 }, 'n', 'n must be 1: an agent gives one answer per question'],
    [
      { messages: [question], tools: [{ type: 'function' }] },
      'tools',
      'tools are not supported: agents answer from their knowledge and call no tools; leave tools out',
    ],
    [
      { messages: [question, { role: 'tool', content: '{}' }] },
      'messages[1].role',
      'tool and function messages are not supported: agents call no tools',
    ],
    [
      { messages: [{ role: 'user', content: [{ type: 'image_url', image_url: {} }] }] },
      'messages[0].content',
      'content must be a string, an array of text parts or null',
    ],
  ])('refuses %j with the field and a sentence', (body, field, message) => {
    const result = parseBody(chatCompletionRequestSchema, { model: 'agent-1', ...body });
    expect(result).toMatchObject({ success: false, field });
    expect(!result.success && result.message).toContain(message);
  });
});

describe('encodeChatCompletionEvent', () => {
  it('frames chunks and errors as one data line of JSON, then [DONE]', () => {
    const chunk: ChatCompletionChunk = {
      id: 'chatcmpl-1',
      object: 'chat.completion.chunk',
      created: 1,
      model: 'agent-1',
      choices: [{ index: 0, delta: { content: 'a\nb' }, finish_reason: null, logprobs: null }],
    };
    const frame = encodeChatCompletionEvent({ type: 'chunk', chunk });
    expect(frame).toBe(`data: ${JSON.stringify(chunk)}\n\n`);
    expect(frame.slice(0, -2)).not.toContain('\n');
    expect(JSON.parse(frame.slice(6))).toEqual(chunk);
    expect(encodeChatCompletionEvent({ type: 'done' })).toBe('data: [DONE]\n\n');
    expect(encodeChatCompletionEvent({ type: 'heartbeat' })).toBe(': ping\n\n');
    const body = { error: { message: 'm', type: 'server_error', param: null, code: null } };
    expect(encodeChatCompletionEvent({ type: 'error', body })).toBe(
      `data: ${JSON.stringify(body)}\n\n`,
    );
  });
});
