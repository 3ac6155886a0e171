import { z } from 'zod';

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
