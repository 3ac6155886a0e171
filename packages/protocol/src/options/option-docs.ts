import { z } from 'zod';

/** Extra inputs of the `fromEnv` readers (files a variable may name); tests replace them. */
export interface EnvReadOptions {
  /** Reads a file a variable names. Default: `fs.readFileSync(path, 'utf8')`. */
  readFile?: (path: string) => string;
  /** Directory relative paths are resolved against. Default: `process.cwd()`. */
  cwd?: string;
}

/**
 * What an option declares besides its type, default and constraints (which its zod schema
 * holds): everything `--help`, the README tables and error messages need.
 */
export interface OptionDoc {
  /** The environment variable the CLI reads it from (UPPER_SNAKE of the option's name). */
  env?: string;
  /**
   * Turns the (trimmed, non-empty) variable into the option's value, e.g. `"30_000"` → 30000;
   * the schema then checks it like a value given in code. Default: the text as it is.
   */
  fromEnv?: (text: string, io: EnvReadOptions) => unknown;
  /** What it means, in Markdown: the README's "Meaning" and the `--help` line. */
  description: string;
  /** The default as people read it (Markdown), when it is not a plain value of the schema. */
  defaultText?: string;
  /** Never shown in an error message (tokens, keys). */
  secret?: true;
}

/**
 * The documentation of every option schema, keyed by the schema of the option: register
 * an option with `schema.register(optionDocs, { env, description, … })`.
 */
export const optionDocs = z.registry<OptionDoc>();
