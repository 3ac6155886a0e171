import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type { DatastoreQueryRequest } from '../datastore-query.js';
import { datastoreQuerySchema } from './datastore-query-schema.js';
import { parseBody } from './parse-body.js';

type Parsed<T> = T extends readonly (infer Item)[]
  ? Parsed<Item>[]
  : T extends object
    ? { [K in keyof T]: Parsed<Exclude<T[K], undefined>> }
    : T;

describe('datastoreQuerySchema', () => {
  it('parses exactly the DatastoreQueryRequest type (checked by tsc)', () => {
    expectTypeOf<
      Parsed<z.output<typeof datastoreQuerySchema>>
    >().toEqualTypeOf<DatastoreQueryRequest>();
  });

  it('accepts LangChain’s {query, topK} and the hosted service’s filters; drops tags', () => {
    expect(
      parseBody(datastoreQuerySchema, {
        query: 'What is the refund policy?',
        topK: 8,
        filters: { custom_ids: ['faq'], datasource_ids: ['ds_1'], datastore_ids: ['store_1'] },
        tags: ['ignored'],
      }),
    ).toEqual({
      success: true,
      data: {
        query: 'What is the refund policy?',
        topK: 8,
        filters: { custom_ids: ['faq'], datasource_ids: ['ds_1'], datastore_ids: ['store_1'] },
      },
    });
  });

  it.each([
    [{}, 'query', 'query is required'],
    [{ query: '  ' }, 'query', 'query must not be blank'],
    [{ query: 'q', topK: 0 }, 'topK', 'topK must be a positive integer'],
    [{ query: 'q', topK: 2.5 }, 'topK', 'topK must be a whole number'],
    [{ query: 'q', topK: 101 }, 'topK', 'topK must be at most 100'],
    [{ query: 'q', topK: '5' }, 'topK', 'topK must be a number'],
    [
      { query: 'q', filters: { datastore_ids: 'x' } },
      'filters.datastore_ids',
      'filters.datastore_ids must be an array of ids',
    ],
    [[], '', 'The request body must be a JSON object like {"query":"…","topK":5}'],
  ])('rejects %j with a message naming the field', (body, field, message) => {
    expect(parseBody(datastoreQuerySchema, body)).toEqual({ success: false, field, message });
  });
});
