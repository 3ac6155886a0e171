import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildOpenApiDocument } from './openapi-document.js';
import type { RouteDoc } from './route-doc.js';

const thing = z.object({ id: z.string(), note: z.string().nullable() });
const thingBody = z.object({ note: z.string().max(10).optional() });
const openAiError = z.object({
  error: z.object({ message: z.string(), type: z.string(), code: z.string().nullable() }),
});
const info = {
  title: 't',
  version: '1',
  description: 'd',
  license: { name: 'MIT', identifier: 'MIT' },
};

function build(routes: RouteDoc[], tags: Record<string, string> = { Things: 'things' }) {
  return buildOpenApiDocument({
    routes,
    named: { responses: { Thing: thing }, requests: { ThingBody: thingBody } },
    tags,
    info,
  });
}

const getThing: RouteDoc = {
  method: 'get',
  path: '/api/things/{id}',
  operationId: 'getThing',
  summary: 'Read a thing',
  tag: 'Things',
  query: z.object({ after: z.string().describe('a cursor'), limit: z.string().optional() }),
  responses: { 200: thing },
  errors: [404],
};

describe('buildOpenApiDocument', () => {
  it('writes path and query parameters, named schemas by $ref, and the automatic errors', () => {
    const operation = build([getThing]).paths['/api/things/{id}']?.get;
    expect(operation?.parameters).toEqual([
      {
        name: 'id',
        in: 'path',
        required: true,
        schema: { type: 'string', pattern: expect.any(String) },
      },
      {
        name: 'after',
        in: 'query',
        required: true,
        schema: { type: 'string' },
        description: 'a cursor',
      },
      { name: 'limit', in: 'query', required: false, schema: { type: 'string' } },
    ]);
    expect(operation?.responses['200']?.content?.['application/json']?.schema).toEqual({
      $ref: '#/components/schemas/Thing',
    });
    expect(Object.keys(operation?.responses ?? {})).toEqual(['200', '400', '401', '404', '500']);
    expect(operation?.responses['404']?.description).toMatch(/^NOT_FOUND: /);
  });

  it('writes request bodies as callers send them and unnamed schemas in place', () => {
    const document = build([
      {
        method: 'post',
        path: '/api/things',
        operationId: 'createThing',
        summary: 'Create',
        tag: 'Things',
        auth: false,
        body: thingBody,
        responses: { 201: z.array(thing) },
      },
    ]);
    const operation = document.paths['/api/things']?.post;
    expect(operation?.security).toEqual([]);
    expect(operation?.requestBody).toEqual({
      required: true,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ThingBody' } } },
    });
    expect(operation?.responses['201']?.content?.['application/json']?.schema).toEqual({
      type: 'array',
      items: { $ref: '#/components/schemas/Thing' },
    });
    expect(Object.keys(operation?.responses ?? {})).toEqual(['201', '400', '413', '500']);
    expect(document.components.schemas.ThingBody).toMatchObject({
      properties: { note: { type: 'string', maxLength: 10 } },
    });
    expect(document.components.schemas.Thing).toMatchObject({
      properties: { note: { type: ['string', 'null'] } },
      additionalProperties: false,
    });
  });

  it('uses a route’s own error body, described without ApiError codes', () => {
    const operation = build([
      { ...getThing, errorBody: openAiError, errors: [[404, 'model_not_found']] },
    ]).paths['/api/things/{id}']?.get;
    const error = operation?.responses['401'];
    expect(error?.description).toBe('the API key is missing or unknown');
    expect(error?.content?.['application/json']?.schema).toMatchObject({
      properties: { error: { properties: { type: { type: 'string' } } } },
    });
    expect(operation?.responses['404']?.description).toBe('model_not_found');
  });

  it('refuses registry mistakes: a route twice, an operationId twice, an undeclared tag', () => {
    expect(() => build([getThing, getThing])).toThrow(/documented twice/);
    expect(() => build([getThing, { ...getThing, method: 'delete' }])).toThrow(/used twice/);
    expect(() => build([getThing], { Other: 'x' })).toThrow(/Tag "Things"/);
  });
});
