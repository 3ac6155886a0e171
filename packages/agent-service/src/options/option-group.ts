import { z } from 'zod';

/**
 * A group of options handed whole to one feature, typed as that feature's own options
 * (`Options`): the schema checks and documents the fields in `shape` (those with a
 * variable or a default of the service's), and lets the feature's other fields — tuning
 * knobs whose defaults live with the feature — through untouched.
 */
export function optionGroup<Options extends object>(
  shape: {
    [Key in keyof Options]?: z.ZodType;
  },
): z.ZodType<Options, Options> {
  return z.looseObject(shape as z.ZodRawShape) as unknown as z.ZodType<Options, Options>;
}
