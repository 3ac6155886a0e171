import { z } from 'zod';

const POSITIVE = 'must be a positive whole number';

/** A count or duration option: a positive whole number with a default. */
export function wholeNumber(fallback: number) {
  return z
    .number({ error: POSITIVE })
    .int({ error: POSITIVE })
    .min(1, { error: POSITIVE })
    .default(fallback);
}
