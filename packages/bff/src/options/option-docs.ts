import { z } from 'zod';

/** Extra inputs of `bffOptionsFromEnv`; tests replace them. */
export interface EnvReadOptions {
  /** Reads the `AGENT_POLICIES` file. Default: `fs.readFileSync(path, 'utf8')`. */
  readFile?: (path: string) => string;
  /** Directory a relative `AGENT_POLICIES` path is resolved against. Default: `process.cwd()`. */
  cwd?: string;
}

/**
 * What an option of the BFF declares besides its type, default and constraints (which its
 * zod schema holds): everything `--help`, the README table and error messages need.
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
  /** Never shown in an error message (tokens). */
  secret?: true;
}

/** The documentation of every option schema, keyed by the schema of the option. */
export const optionDocs = z.registry<OptionDoc>();

/** One option found in an options schema: where it sits and what it declares. */
export interface OptionField {
  /** Path in the options object, e.g. `['rateLimit', 'windowMs']`. */
  path: readonly string[];
  schema: z.ZodType;
  doc: OptionDoc;
}

function objectInside(schema: z.ZodType): z.ZodObject | undefined {
  let inner: z.ZodType = schema;
  while (
    inner instanceof z.ZodOptional ||
    inner instanceof z.ZodDefault ||
    inner instanceof z.ZodPrefault
  ) {
    inner = inner.unwrap() as z.ZodType;
  }
  return inner instanceof z.ZodObject ? inner : undefined;
}

/** The documented options of an object schema, nested objects included, in declaration order. */
export function optionFields(schema: z.ZodObject, prefix: readonly string[] = []): OptionField[] {
  const fields: OptionField[] = [];
  for (const [key, value] of Object.entries(schema.shape)) {
    const field = value as z.ZodType;
    const doc = optionDocs.get(field);
    const inner = objectInside(field);
    if (doc) fields.push({ path: [...prefix, key], schema: field, doc });
    else if (inner) fields.push(...optionFields(inner, [...prefix, key]));
  }
  return fields;
}

/** The default of an option as people read it (Markdown): `required`, a value, or its text. */
export function defaultTextOf(field: OptionField): string {
  if (field.doc.defaultText !== undefined) return field.doc.defaultText;
  const unset = field.schema.safeParse(undefined);
  if (!unset.success) return 'required';
  const value = unset.data;
  if (value === undefined) return 'unset';
  return typeof value === 'number' ? String(value) : `\`${String(value)}\``;
}
