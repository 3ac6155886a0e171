import type { z } from 'zod';
import { BffError, INVALID_OPTIONS } from '../bff-error.js';
import {
  type BffOptions,
  bffOptionFields,
  bffOptionsSchema,
  type ResolvedBffOptions,
} from './bff-options-schema.js';
import { type OptionField, optionFields } from './option-docs.js';
import {
  type ResolvedServerOptions,
  type ServerOptions,
  serverOptionFields,
} from './server-options-schema.js';

/** Every documented option of the BFF and of its standalone server, in `--help` order. */
export const ALL_OPTION_FIELDS: readonly OptionField[] = [
  ...optionFields(bffOptionFields),
  ...optionFields(serverOptionFields),
];

/**
 * How the values being checked were given: in code (errors name the option, e.g.
 * `createBff: maxBodyBytes …`) or by environment variables (errors name the variable and
 * quote its text, e.g. `MAX_BODY_BYTES … (got "1.5")`).
 */
export type OptionSource = { code: string } | { env: Readonly<Record<string, string>> };

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
 * and, unless the option is a secret, the value given. Never includes a token.
 */
function describeIssue(issue: z.core.$ZodIssue, source: OptionSource): string {
  const field = ALL_OPTION_FIELDS.filter((candidate) =>
    candidate.path.every((key, index) => issue.path[index] === key),
  ).sort((a, b) => b.path.length - a.path.length)[0];
  let message = issue.message;
  if ('env' in source) {
    const name = field?.doc.env ?? issue.path.join('.');
    const text = field?.doc.env === undefined ? undefined : source.env[field.doc.env];
    if (text !== undefined && !field?.doc.secret && /^must be/.test(message)) {
      message += ` (got ${shown(text)})`;
    }
    return `${name}${separator(message)}${message}.`;
  }
  const name = field?.path.join('.') ?? (issue.path.join('.') || 'options');
  if (field?.doc.env)
    message = message.replace(/^is required/, `is required (env ${field.doc.env})`);
  if (!field?.doc.secret && /^must be/.test(message) && 'input' in issue) {
    message += ` (got ${shown(issue.input)})`;
  }
  return `${source.code}: ${name}${separator(message)}${message}.`;
}

/** Parses `value` with `schema`, or throws a `BffError` (`INVALID_OPTIONS`) naming the option. */
export function parseOptions<Schema extends z.ZodType>(
  schema: Schema,
  value: unknown,
  source: OptionSource,
): z.output<Schema> {
  const result = schema.safeParse(value, { reportInput: true });
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new BffError(
    INVALID_OPTIONS,
    issue
      ? describeIssue(issue, source)
      : `${'code' in source ? source.code : 'env'}: invalid options.`,
  );
}

/**
 * Checks {@link BffOptions} against the options schema and fills in defaults. Throws a
 * {@link BffError} with code `INVALID_OPTIONS` and a message naming the option when
 * something is missing or wrong, so a misconfigured server fails at startup rather than on
 * the first request. `createBff()` calls it once and hands the result to every part.
 */
export function resolveBffOptions(options: BffOptions): ResolvedBffOptions {
  return parseOptions(bffOptionsSchema, options, { code: 'createBff' });
}

/** Checks the standalone server's own options and fills in their defaults. */
export function resolveServerOptions(options: ServerOptions): ResolvedServerOptions {
  return parseOptions(serverOptionFields, options, { code: 'startBff' });
}

const defaults = bffOptionsSchema.parse({ upstreamUrl: 'http://127.0.0.1', agentApiToken: 'x' });

/** Defaults of the numeric options, as the options schema declares them. */
export const BFF_DEFAULTS = {
  rateLimitWindowMs: defaults.rateLimit.windowMs,
  rateLimitPerIp: defaults.rateLimit.perIp,
  rateLimitPerVisitor: defaults.rateLimit.perVisitor,
  maxStreamsPerVisitor: defaults.maxStreamsPerVisitor,
  maxQueryLength: defaults.maxQueryLength,
  maxBodyBytes: defaults.maxBodyBytes,
  heartbeatMs: defaults.heartbeatMs,
  firstByteTimeoutMs: defaults.firstByteTimeoutMs,
  idleTimeoutMs: defaults.idleTimeoutMs,
  shutdownGraceMs: defaults.shutdownGraceMs,
} as const;
