import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type { QueryRequest } from '../query.js';
import type {
  AgentCreateBody,
  AgentUpdateBody,
  DatasourceUpdateBody,
  DatasourceUpsertBody,
  DatastoreCreateBody,
  DatastoreUpdateBody,
} from '../resources.js';
import { parseBody } from './parse-body.js';
import { queryRequestSchema } from './query-request-schema.js';
import {
  agentCreateSchema,
  agentUpdateSchema,
  datasourceUpdateSchema,
  datasourceUpsertSchema,
  type datastoreCreateSchema,
  datastoreUpdateSchema,
} from './resource-schemas.js';

/**
 * What a schema's parsed JSON body is: zod types an optional field as `T | undefined`, but
 * a parsed JSON body leaves absent fields absent, which is what the interfaces say.
 */
type Parsed<T> = T extends readonly (infer Item)[]
  ? Parsed<Item>[]
  : T extends object
    ? { [K in keyof T]: Parsed<Exclude<T[K], undefined>> }
    : T;

describe('schemas and types', () => {
  it('parse exactly the bodies the protocol types describe (checked by tsc)', () => {
    // Servers cast parsed bodies to these types: a field added to one side only fails here.
    expectTypeOf<Parsed<z.output<typeof queryRequestSchema>>>().toEqualTypeOf<QueryRequest>();
    expectTypeOf<Parsed<z.output<typeof agentCreateSchema>>>().toEqualTypeOf<AgentCreateBody>();
    expectTypeOf<Parsed<z.output<typeof agentUpdateSchema>>>().toEqualTypeOf<AgentUpdateBody>();
    expectTypeOf<
      Parsed<z.output<typeof datastoreCreateSchema>>
    >().toEqualTypeOf<DatastoreCreateBody>();
    expectTypeOf<
      Parsed<z.output<typeof datastoreUpdateSchema>>
    >().toEqualTypeOf<DatastoreUpdateBody>();
    expectTypeOf<
      Parsed<z.output<typeof datasourceUpdateSchema>>
    >().toEqualTypeOf<DatasourceUpdateBody>();
    expectTypeOf<
      Parsed<z.output<typeof datasourceUpsertSchema>>
    >().toEqualTypeOf<DatasourceUpsertBody>();
  });
});

describe('queryRequestSchema', () => {
  it('accepts a full valid request and drops unknown fields', () => {
    const result = parseBody(queryRequestSchema, {
      query: 'How do I embed the widget?',
      conversationId: 'conv_1',
      visitorId: 'visitor-1',
      temperature: 0,
      streaming: true,
      modelName: 'gpt_4',
      maxTokens: 500,
      presencePenalty: -2,
      frequencyPenalty: 2,
      topP: 1,
      filters: { custom_ids: ['doc 1'], datasource_ids: ['ds_1'] },
      promptType: 'customer_support',
      extra: 'ignored',
    });
    expect(result.success).toBe(true);
    if (result.success) expect(result.data).not.toHaveProperty('extra');
  });

  it('accepts tabs and line breaks in a query', () => {
    expect(parseBody(queryRequestSchema, { query: 'line one\r\n\tline two\n' }).success).toBe(true);
  });

  it.each([
    [{}, 'query', 'query is required'],
    [{ query: 5 }, 'query', 'query must be a string'],
    [{ query: '   ' }, 'query', 'query must not be blank'],
    [{ query: 'x'.repeat(10_001) }, 'query', 'query must be at most 10000 characters'],
    [{ query: 'q', temperature: 1.5 }, 'temperature', 'temperature must be between 0 and 1'],
    [{ query: 'q', temperature: -0.1 }, 'temperature', 'temperature must be between 0 and 1'],
    [{ query: 'q', temperature: '0.5' }, 'temperature', 'temperature must be a number'],
    [
      { query: 'q', presencePenalty: 3 },
      'presencePenalty',
      'presencePenalty must be between -2 and 2',
    ],
    [
      { query: 'q', frequencyPenalty: -3 },
      'frequencyPenalty',
      'frequencyPenalty must be between -2 and 2',
    ],
    [{ query: 'q', topP: 2 }, 'topP', 'topP must be between 0 and 1'],
    [{ query: 'q', maxTokens: 0 }, 'maxTokens', 'maxTokens must be a positive integer'],
    [{ query: 'q', maxTokens: 2.5 }, 'maxTokens', 'maxTokens must be a whole number'],
    [
      { query: 'q', modelName: 'gpt_4_32k' },
      'modelName',
      'modelName must be one of: gpt_3_5_turbo, gpt_3_5_turbo_16k, gpt_4',
    ],
    [{ query: 'q', streaming: 'yes' }, 'streaming', 'streaming must be true or false'],
    [
      { query: 'q', promptType: 'other' },
      'promptType',
      'promptType must be one of: raw, customer_support',
    ],
    [
      { query: 'q', conversationId: '../admin' },
      'conversationId',
      expect.stringContaining('conversationId must be'),
    ],
    [{ query: 'q', filters: 'x' }, 'filters', 'filters must be an object'],
    [
      { query: 'q', filters: { datasource_ids: ['a/b'] } },
      'filters.datasource_ids[0]',
      expect.stringContaining('filters.datasource_ids[] must be'),
    ],
    ['not an object', '', 'The request body must be a JSON object'],
    [
      { query: 'hi\u0000there' },
      'query',
      'query must not contain NUL or other control characters (found \\u0000)',
    ],
    [
      { query: 'colour \u001b[31mred' },
      'query',
      'query must not contain NUL or other control characters (found \\u001b)',
    ],
  ])('rejects %j with a message naming the field', (body, field, message) => {
    expect(parseBody(queryRequestSchema, body)).toEqual({ success: false, field, message });
  });
});

describe('resource schemas', () => {
  it('requires a name to create an agent and enforces the agent enums', () => {
    expect(parseBody(agentCreateSchema, {})).toMatchObject({
      field: 'name',
      message: 'name is required',
    });
    expect(parseBody(agentCreateSchema, { name: 'A', modelName: 'gpt_4_32k' }).success).toBe(true);
    expect(parseBody(agentUpdateSchema, { visibility: 'secret' })).toMatchObject({
      message: 'visibility must be one of: public, private',
    });
    expect(parseBody(agentUpdateSchema, { temperature: 2 })).toMatchObject({
      message: 'temperature must be between 0 and 1',
    });
    expect(parseBody(agentUpdateSchema, { systemPrompt: null })).toEqual({
      success: true,
      data: { systemPrompt: null },
    });
  });

  it('validates datastore updates including the chaindesk fields', () => {
    expect(parseBody(datastoreUpdateSchema, { type: 'pinecone' })).toMatchObject({
      message: 'type must be one of: qdrant',
    });
    expect(parseBody(datastoreUpdateSchema, { isPublic: 'yes' })).toMatchObject({
      message: 'isPublic must be true or false',
    });
  });

  it('validates upsert documents', () => {
    expect(parseBody(datasourceUpsertSchema, { documents: [] })).toMatchObject({
      message: 'documents must hold at least one document',
    });
    expect(
      parseBody(datasourceUpsertSchema, { documents: [{ name: 'a', text: '' }] }),
    ).toMatchObject({
      field: 'documents[0].text',
      message: 'documents[].text must not be empty',
    });
    expect(
      parseBody(datasourceUpsertSchema, {
        documents: [{ name: 'a', text: 'hello', metadata: { custom_id: 'x' } }],
      }).success,
    ).toBe(true);
  });

  it('validates the deprecated datasource update body', () => {
    expect(parseBody(datasourceUpdateSchema, { name: 'n' })).toMatchObject({
      field: 'id',
      message: 'id is required',
    });
  });
});
