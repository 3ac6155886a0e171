import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { optionDocs } from './option-docs.js';
import { type OptionField, optionFields } from './option-fields.js';
import { checkOptions } from './option-issues.js';
import { wholeNumberSchema } from './whole-number.js';

const schema = z.object({
  workers: wholeNumberSchema(0)
    .default(2)
    .register(optionDocs, { env: 'WORKERS', description: 'Workers.' }),
  token: z
    .string()
    .min(16, { error: 'must be at least 16 characters' })
    .register(optionDocs, { env: 'TOKEN', description: 'Token.', secret: true }),
  days: wholeNumberSchema(1).optional().register(optionDocs, { env: 'DAYS', description: 'Days.' }),
});
const fields = optionFields(schema);
const TOKEN = 'secret-token-0123456789';

function messageOf(value: unknown, source: Parameters<typeof checkOptions>[3]): string {
  const checked = checkOptions(schema, value, fields, source);
  if (checked.success) throw new Error('expected a failure');
  return checked.message;
}

describe('checkOptions', () => {
  it('returns the parsed options with their defaults', () => {
    expect(checkOptions(schema, { token: TOKEN }, fields, { code: 'start' })).toEqual({
      success: true,
      data: { workers: 2, token: TOKEN },
    });
  });

  it('names the variable and quotes its text', () => {
    expect(messageOf({ token: TOKEN, workers: Number.NaN }, { env: { WORKERS: 'x' } })).toBe(
      'WORKERS must be a whole number ≥ 0 (got "x").',
    );
    expect(messageOf({}, { env: {} })).toBe('TOKEN is required.');
  });

  it('never quotes a secret', () => {
    const message = messageOf({ token: 'short-secret' }, { env: { TOKEN: 'short-secret' } });
    expect(message).toBe('TOKEN must be at least 16 characters.');
  });

  it('names a flag when the text came from one', () => {
    const nameOf = (field: OptionField) => (field.path[0] === 'days' ? '--days' : field.doc.env);
    expect(messageOf({ token: TOKEN, days: 0 }, { env: { '--days': '0' }, nameOf })).toBe(
      '--days must be a positive whole number (got "0").',
    );
  });

  it('names the option and its variable for options given in code', () => {
    expect(messageOf({ token: TOKEN, workers: -1 }, { code: 'start' })).toBe(
      'start: workers must be a whole number ≥ 0 (got -1).',
    );
    expect(messageOf({}, { code: 'start' })).toBe('start: token is required (env TOKEN).');
  });
});
