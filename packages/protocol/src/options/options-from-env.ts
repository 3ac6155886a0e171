import type { EnvReadOptions } from './option-docs.js';
import type { OptionField } from './option-fields.js';

/** Environment as `process.env` has it. */
export type Env = Readonly<Record<string, string | undefined>>;

/**
 * The variables of `fields` that are set, trimmed and keyed by their name; empty ones
 * count as unset.
 */
export function envTexts(env: Env, fields: readonly OptionField[]): Record<string, string> {
  const texts: Record<string, string> = {};
  for (const { doc } of fields) {
    const text = doc.env === undefined ? undefined : env[doc.env]?.trim();
    if (doc.env !== undefined && text) texts[doc.env] = text;
  }
  return texts;
}

/**
 * The options object that `texts` describe, before a schema checks it: each field's text
 * (found under `nameOf(field)`, by default its variable) turned into a value by its
 * `fromEnv` and set at its path, e.g. `RATE_LIMIT_PER_IP=10` → `{ rateLimit: { perIp: 10 } }`.
 */
export function optionsFromTexts(
  texts: Readonly<Record<string, string>>,
  fields: readonly OptionField[],
  io: EnvReadOptions = {},
  nameOf: (field: OptionField) => string | undefined = (field) => field.doc.env,
): Record<string, unknown> {
  const options: Record<string, unknown> = {};
  for (const field of fields) {
    const name = nameOf(field);
    const text = name === undefined ? undefined : texts[name];
    if (text === undefined) continue;
    let target = options;
    for (const key of field.path.slice(0, -1)) {
      target[key] ??= {};
      target = target[key] as Record<string, unknown>;
    }
    target[field.path.at(-1) as string] = field.doc.fromEnv ? field.doc.fromEnv(text, io) : text;
  }
  return options;
}
