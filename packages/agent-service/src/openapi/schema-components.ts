/**
 * The route schemas of the OpenAPI document as JSON Schema: zod's output (2020-12) in one
 * direction, the named schemas as `components.schemas` that refer to each other by `$ref`,
 * every other one written out where it is used.
 */
import { z } from 'zod';
import type { JsonSchema } from './openapi-types.js';

const COMPONENTS = '#/components/schemas/';
const INLINE_PREFIX = '__inline_';

/**
 * Converts zod schemas to JSON Schema in one direction (`input`: what callers send,
 * `output`: what the service answers): the named ones as components that refer to each
 * other by `$ref`, any other one written out in place (`schemaOf`).
 */
export function convertSchemas(
  io: 'input' | 'output',
  named: Record<string, z.ZodType>,
  used: readonly z.ZodType[],
) {
  const registry = z.registry<{ id: string }>();
  const names = new Map<z.ZodType, string>();
  for (const [name, schema] of Object.entries(named)) {
    registry.add(schema, { id: name });
    names.set(schema, name);
  }
  const inline = new Map<z.ZodType, string>();
  for (const schema of used) {
    if (names.has(schema) || inline.has(schema)) continue;
    const id = `${INLINE_PREFIX}${inline.size}`;
    registry.add(schema, { id });
    inline.set(schema, id);
  }
  const converted = z.toJSONSchema(registry, {
    io,
    unrepresentable: 'throw',
    uri: (id) => `${COMPONENTS}${id}`,
  }).schemas;
  for (const schema of Object.values(converted)) {
    // OpenAPI 3.1 sets the dialect; a fragment-only `$id` is not valid JSON Schema.
    delete schema.$schema;
    delete schema.$id;
  }
  const components: Record<string, JsonSchema> = {};
  for (const name of Object.keys(named)) components[name] = converted[name] as JsonSchema;
  const text = JSON.stringify(converted);
  if (text.includes(`"${COMPONENTS}${INLINE_PREFIX}`)) {
    throw new Error(
      'An unnamed schema of a route is part of another route schema: name it in NAMED_SCHEMAS.',
    );
  }
  return {
    components,
    schemaOf(schema: z.ZodType): JsonSchema {
      const name = names.get(schema);
      if (name !== undefined) return { $ref: `${COMPONENTS}${name}` };
      return converted[inline.get(schema) as string] as JsonSchema;
    },
    /** The object schema itself, also when it is named (for query parameters). */
    objectOf(schema: z.ZodType): JsonSchema {
      const name = names.get(schema);
      return (name !== undefined ? converted[name] : converted[inline.get(schema) as string]) ?? {};
    },
  };
}

/** The JSON Schemas of one direction (requests or responses), from {@link convertSchemas}. */
export type SchemaComponents = ReturnType<typeof convertSchemas>;
