import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { optionDocs } from './option-docs.js';
import { defaultTextOf, optionFields } from './option-fields.js';
import { wholeNumber } from './whole-number.js';

const schema = z.object({
  port: wholeNumber(3001).register(optionDocs, { env: 'PORT', description: 'Port.' }),
  token: z.string().register(optionDocs, { env: 'TOKEN', description: 'Token.', secret: true }),
  undocumented: z.string().optional(),
  limits: z
    .object({
      perIp: wholeNumber(60).register(optionDocs, { env: 'PER_IP', description: 'Per IP.' }),
    })
    .prefault({}),
  embeddings: z
    .object({
      url: z.string().register(optionDocs, { env: 'EMBEDDINGS_URL', description: 'URL.' }),
      model: z.string().register(optionDocs, { env: 'EMBEDDINGS_MODEL', description: 'Model.' }),
    })
    .optional()
    .register(optionDocs, { defaultText: 'none', description: 'Hybrid retrieval.' }),
  mode: z.enum(['a', 'b']).default('a').register(optionDocs, { description: 'Mode.' }),
  name: z.string().optional().register(optionDocs, { description: 'Name.' }),
});

describe('optionFields', () => {
  it('lists the documented options in order: nested ones by path, a documented group before its fields', () => {
    expect(optionFields(schema).map((field) => field.path.join('.'))).toEqual([
      'port',
      'token',
      'limits.perIp',
      'embeddings',
      'embeddings.url',
      'embeddings.model',
      'mode',
      'name',
    ]);
  });

  it('prefixes the paths of a nested schema', () => {
    expect(optionFields(schema, ['server']).map((field) => field.path.join('.'))[0]).toBe(
      'server.port',
    );
  });
});

describe('defaultTextOf', () => {
  it('reads the default from the schema, or the declared text', () => {
    const byPath = new Map(optionFields(schema).map((field) => [field.path.join('.'), field]));
    const text = (path: string) => defaultTextOf(byPath.get(path) as never);
    expect(text('port')).toBe('3001');
    expect(text('token')).toBe('required');
    expect(text('embeddings')).toBe('none');
    expect(text('mode')).toBe('`a`');
    expect(text('name')).toBe('unset');
  });
});
