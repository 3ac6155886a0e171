const encoder = new TextEncoder();

/**
 * A value as the UTF-8 bytes of its JSON, for a `$n::json` parameter (see `Queryable.query`):
 * the database adapters send bytes as they are, where a string would be measured and
 * encoded again by the driver (PGlite does it character by character, in JavaScript).
 * Worth it for large parameters — a batch of rows — not for small ones.
 *
 * @example
 * await transaction.query('SELECT count(*) FROM json_array_elements($1::json)', [encodeJson(rows)]);
 */
export function encodeJson(value: unknown): Uint8Array {
  return encoder.encode(JSON.stringify(value));
}
