import type { z } from 'zod';
import { type OptionDoc, optionDocs } from './option-docs.js';

/** One option found in an options schema: where it sits and what it declares. */
export interface OptionField {
  /** Path in the options object, e.g. `['rateLimit', 'windowMs']`. */
  path: readonly string[];
  schema: z.ZodType;
  doc: OptionDoc;
}

const WRAPPERS = new Set(['optional', 'default', 'prefault', 'nullable']);

/** The object schema inside `schema`'s optional/default wrappers, if it is one. */
function objectInside(schema: z.ZodType): z.ZodObject | undefined {
  let inner: z.ZodType = schema;
  // By `def.type` rather than `instanceof`: a second copy of zod in node_modules still works.
  while (WRAPPERS.has(inner._zod.def.type)) {
    inner = (inner._zod.def as unknown as { innerType: z.ZodType }).innerType;
  }
  return inner._zod.def.type === 'object' ? (inner as z.ZodObject) : undefined;
}

/**
 * The documented options of an object schema in declaration order, nested objects
 * included: a documented group (e.g. `embeddings`) is listed, then its documented fields.
 */
export function optionFields(schema: z.ZodObject, prefix: readonly string[] = []): OptionField[] {
  const fields: OptionField[] = [];
  for (const [key, value] of Object.entries(schema.shape)) {
    const field = value as z.ZodType;
    const doc = optionDocs.get(field);
    const inner = objectInside(field);
    if (doc) fields.push({ path: [...prefix, key], schema: field, doc });
    if (inner) fields.push(...optionFields(inner, [...prefix, key]));
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
