import { z } from 'zod';
import { wholeNumberFromEnv } from './env-readers.js';
import { type OptionDoc, optionDocs } from './option-docs.js';

/**
 * A count or duration: a whole number of at least `min` (1: "must be a positive whole
 * number"; 0: "must be a whole number ≥ 0").
 */
export function wholeNumberSchema(min = 1) {
  const message = min === 1 ? 'must be a positive whole number' : `must be a whole number ≥ ${min}`;
  return z.number({ error: message }).int({ error: message }).min(min, { error: message });
}

/** A count or duration option: a positive whole number with a default. */
export function wholeNumber(fallback: number) {
  return wholeNumberSchema(1).default(fallback);
}

/**
 * A count or duration option, registered: {@link wholeNumber} with its default, documented
 * in {@link optionDocs}, and read from its variable as a whole number (`"30_000"` → 30000).
 *
 * @example
 * ```ts
 * heartbeatMs: wholeNumberOption(15_000, {
 *   env: 'HEARTBEAT_MS',
 *   description: 'Interval of `: ping` comments, ms.',
 * }),
 * ```
 */
export function wholeNumberOption(fallback: number, doc: Omit<OptionDoc, 'fromEnv'>) {
  return wholeNumber(fallback).register(optionDocs, { ...doc, fromEnv: wholeNumberFromEnv });
}
