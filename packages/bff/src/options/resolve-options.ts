import {
  checkOptions,
  type OptionField,
  type OptionSource,
  optionFields,
} from '@agent-chat/protocol/options';
import type { z } from 'zod';
import { BffError, INVALID_OPTIONS } from '../bff-error.js';
import {
  type BffOptions,
  bffOptionFields,
  bffOptionsSchema,
  type ResolvedBffOptions,
} from './bff-options-schema.js';
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

/** Parses `value` with `schema`, or throws a `BffError` (`INVALID_OPTIONS`) naming the option. */
export function parseOptions<Schema extends z.ZodType>(
  schema: Schema,
  value: unknown,
  source: OptionSource,
): z.output<Schema> {
  const checked = checkOptions(schema, value, ALL_OPTION_FIELDS, source);
  if (!checked.success) throw new BffError(INVALID_OPTIONS, checked.message);
  return checked.data;
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
  rateLimitSearchPerIp: defaults.rateLimit.searchPerIp,
  rateLimitSearchPerVisitor: defaults.rateLimit.searchPerVisitor,
  maxStreamsPerVisitor: defaults.maxStreamsPerVisitor,
  maxQueryLength: defaults.maxQueryLength,
  maxBodyBytes: defaults.maxBodyBytes,
  heartbeatMs: defaults.heartbeatMs,
  firstByteTimeoutMs: defaults.firstByteTimeoutMs,
  idleTimeoutMs: defaults.idleTimeoutMs,
  shutdownGraceMs: defaults.shutdownGraceMs,
} as const;
