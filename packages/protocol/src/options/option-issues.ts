import type { z } from 'zod';
import type { OptionField } from './option-fields.js';

/**
 * How the values being checked were given: in code (errors name the option, e.g.
 * `createBff: maxBodyBytes …`) or as text (errors name the variable or flag and quote the
 * text, e.g. `MAX_BODY_BYTES … (got "1.5")`). `texts` are keyed by `nameOf(field)`, by
 * default the field's variable.
 */
export type OptionSource =
  | { code: string }
  | {
      env: Readonly<Record<string, string>>;
      nameOf?: (field: OptionField) => string | undefined;
    };

/** The outcome of {@link checkOptions}: the parsed options, or a message naming the option. */
export type OptionsCheck<T> = { success: true; data: T } | { success: false; message: string };

function shown(value: unknown): string {
  if (typeof value === 'string') return `"${value.slice(0, 100)}"`;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return value === null ? 'null' : typeof value;
}

/** Between the option's name and the message: `X must…`, `X["key"]…`, `X: "value" is…`. */
function separator(message: string): string {
  if (/^(must|is) /.test(message)) return ' ';
  return message.startsWith('[') ? '' : ': ';
}

/**
 * The message of an options error: the option (or variable) it is about, what is wrong,
 * and, unless the option is a secret, the value given. Never includes a secret.
 */
export function describeOptionIssue(
  issue: z.core.$ZodIssue,
  fields: readonly OptionField[],
  source: OptionSource,
): string {
  const field = fields
    .filter((candidate) => candidate.path.every((key, index) => issue.path[index] === key))
    .sort((a, b) => b.path.length - a.path.length)[0];
  let message = issue.message;
  if (issue.code === 'invalid_type' && issue.input === undefined && !/^is required/.test(message)) {
    message = 'is required';
  }
  if ('env' in source) {
    const nameOf = source.nameOf ?? ((candidate: OptionField) => candidate.doc.env);
    const fieldName = field === undefined ? undefined : nameOf(field);
    const text = fieldName === undefined ? undefined : source.env[fieldName];
    if (text !== undefined && !field?.doc.secret && /^must be/.test(message)) {
      message += ` (got ${shown(text)})`;
    }
    return `${fieldName ?? issue.path.join('.')}${separator(message)}${message}.`;
  }
  const name = field?.path.join('.') ?? (issue.path.join('.') || 'options');
  if (field?.doc.env) {
    message = message.replace(/^is required/, `is required (env ${field.doc.env})`);
  }
  if (!field?.doc.secret && /^must be/.test(message) && 'input' in issue) {
    message += ` (got ${shown(issue.input)})`;
  }
  return `${source.code}: ${name}${separator(message)}${message}.`;
}

/**
 * Parses `value` with `schema`; on failure, the first problem as a sentence naming the
 * option among `fields` (see {@link describeOptionIssue}). Callers throw their own error.
 */
export function checkOptions<Schema extends z.ZodType>(
  schema: Schema,
  value: unknown,
  fields: readonly OptionField[],
  source: OptionSource,
): OptionsCheck<z.output<Schema>> {
  const result = schema.safeParse(value, { reportInput: true });
  if (result.success) return { success: true, data: result.data };
  const issue = result.error.issues[0];
  return {
    success: false,
    message: issue
      ? describeOptionIssue(issue, fields, source)
      : `${'code' in source ? source.code : 'env'}: invalid options.`,
  };
}
