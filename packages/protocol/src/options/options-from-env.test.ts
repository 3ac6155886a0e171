import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { booleanFromEnv, numberFromEnv, wholeNumberFromEnv } from './env-readers.js';
import { optionDocs } from './option-docs.js';
import { optionFields } from './option-fields.js';
import { envTexts, optionsFromTexts } from './options-from-env.js';

const fields = optionFields(
  z.object({
    port: z.number().register(optionDocs, {
      env: 'PORT',
      fromEnv: wholeNumberFromEnv,
      description: 'Port.',
    }),
    llm: z.object({
      baseUrl: z.string().register(optionDocs, { env: 'LLM_BASE_URL', description: 'URL.' }),
      model: z.string().register(optionDocs, { env: 'LLM_MODEL', description: 'Model.' }),
    }),
    file: z.string().register(optionDocs, {
      env: 'FILE',
      fromEnv: (text, io) => io.readFile?.(text),
      description: 'A file.',
    }),
  }),
);

describe('envTexts', () => {
  it('keeps the set variables of the fields, trimmed; empty ones count as unset', () => {
    expect(
      envTexts({ PORT: ' 3001 ', LLM_BASE_URL: ' ', LLM_MODEL: undefined, OTHER: 'x' }, fields),
    ).toEqual({ PORT: '3001' });
  });
});

describe('optionsFromTexts', () => {
  it('builds the nested options object, each value read by its fromEnv', () => {
    const options = optionsFromTexts({ PORT: '30_01', LLM_MODEL: 'gpt', FILE: 'a.json' }, fields, {
      readFile: (path) => `contents of ${path}`,
    });
    expect(options).toEqual({ port: 3001, llm: { model: 'gpt' }, file: 'contents of a.json' });
  });

  it('finds texts under other names (flags) when told', () => {
    const options = optionsFromTexts({ '--port': '80' }, fields, {}, (field) =>
      field.doc.env === 'PORT' ? '--port' : field.doc.env,
    );
    expect(options).toEqual({ port: 80 });
  });
});

describe('readers', () => {
  it('turn texts into values, and anything else into what the schema refuses', () => {
    expect([wholeNumberFromEnv('86_400_000'), wholeNumberFromEnv('1.5')]).toEqual([
      86_400_000,
      Number.NaN,
    ]);
    expect([numberFromEnv('0.25'), numberFromEnv('-1'), numberFromEnv('.5')]).toEqual([
      0.25, -1, 0.5,
    ]);
    expect(numberFromEnv('0x10')).toBeNaN();
    expect([booleanFromEnv('TRUE'), booleanFromEnv('false'), booleanFromEnv('yes')]).toEqual([
      true,
      false,
      'yes',
    ]);
  });
});
