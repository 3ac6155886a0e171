/**
 * One-dimensional arrays in Postgres's binary wire format (`array_recv`), for the columns
 * of a bulk `INSERT … SELECT * FROM unnest($1::text[], …)`: the server reads each value as
 * it is — no array literal to quote and parse, no `tsvector` text to scan character by
 * character — which made inserting chunks into PGlite a third cheaper than a JSON batch.
 * Both database adapters send a `Uint8Array` parameter as is, in binary format (see
 * `Queryable.query`).
 */

/** Type OIDs of the array elements (`pg_type`). */
const TEXT = 25;
const INTEGER = 23;
const TSVECTOR = 3614;

/** `tsvector` position weights as Postgres stores them in a position's top two bits. */
export const TSVECTOR_WEIGHT = { A: 3, B: 2, C: 1, D: 0 } as const;

/** Highest `tsvector` position (positions are 1…16,383; larger ones are stored as this). */
export const TSVECTOR_MAX_POSITION = 16_383;

/**
 * A `tsvector` to encode: each lexeme with its positions as Postgres stores them
 * (`weight << 14 | position`, positions strictly increasing). Lexemes need no order.
 */
export type TsvectorLexemes = ReadonlyMap<string, readonly number[]>;

const encoder = new TextEncoder();

/** An append-only byte buffer that starts at an estimate of its size and doubles when full. */
class ByteWriter {
  bytes: Uint8Array;
  private view: DataView;
  length = 0;

  constructor(estimate: number) {
    this.bytes = new Uint8Array(Math.max(64, estimate));
    this.view = new DataView(this.bytes.buffer);
  }

  /** Makes room for `count` more bytes. */
  reserve(count: number): void {
    if (this.length + count <= this.bytes.length) return;
    let size = this.bytes.length * 2;
    while (size < this.length + count) size *= 2;
    const grown = new Uint8Array(size);
    grown.set(this.bytes.subarray(0, this.length));
    this.bytes = grown;
    this.view = new DataView(grown.buffer);
  }

  int32(value: number): void {
    this.reserve(4);
    this.view.setInt32(this.length, value);
    this.length += 4;
  }

  /** Overwrites the int32 at `offset` (a length written before its value was known). */
  patchInt32(offset: number, value: number): void {
    this.view.setInt32(offset, value);
  }

  /** The string as UTF-8, after {@link reserve} of three bytes per UTF-16 code unit. */
  utf8Reserved(text: string): void {
    // Short ASCII strings (lexemes, ids) are copied here: cheaper than a call to encodeInto.
    if (text.length <= 32) {
      const { bytes } = this;
      let at = this.length;
      let index = 0;
      for (; index < text.length; index += 1) {
        const code = text.charCodeAt(index);
        if (code >= 0x80) break;
        bytes[at] = code;
        at += 1;
      }
      if (index === text.length) {
        this.length = at;
        return;
      }
    }
    this.length += encoder.encodeInto(text, this.bytes.subarray(this.length)).written;
  }

  result(): Uint8Array {
    return this.bytes.subarray(0, this.length);
  }
}

/** Bytes of the array header and of each value's length. */
const HEADER_BYTES = 20;
const LENGTH_BYTES = 4;

/**
 * An array of `values` of type `elementType`: the header (one dimension, from index 1),
 * then each value as its length and bytes (`write`), or -1 for null. `estimate`: its
 * likely size in bytes, so that the buffer is rarely grown.
 */
function encodeArray<Value>(
  elementType: number,
  values: readonly (Value | null | undefined)[],
  estimate: number,
  write: (writer: ByteWriter, value: Value) => void,
): Uint8Array {
  const writer = new ByteWriter(estimate);
  writer.int32(1);
  writer.int32(values.some((value) => value === null || value === undefined) ? 1 : 0);
  writer.int32(elementType);
  writer.int32(values.length);
  writer.int32(1);
  for (const value of values) {
    if (value === null || value === undefined) {
      writer.int32(-1);
      continue;
    }
    const at = writer.length;
    writer.int32(0);
    write(writer, value);
    writer.patchInt32(at, writer.length - at - LENGTH_BYTES);
  }
  return writer.result();
}

/**
 * A `text[]` parameter in binary format (null and undefined are SQL NULL). The strings must
 * be storable (no NUL, see `storableText`), as for any text parameter.
 *
 * @example
 * await transaction.query('SELECT * FROM unnest($1::text[])', [encodeTextArray(['a', null])]);
 */
export function encodeTextArray(values: readonly (string | null | undefined)[]): Uint8Array {
  let estimate = HEADER_BYTES;
  for (const value of values) estimate += LENGTH_BYTES + (value?.length ?? 0);
  return encodeArray(TEXT, values, estimate, (writer, value) => {
    writer.reserve(value.length * 3);
    writer.utf8Reserved(value);
  });
}

/**
 * An `integer[]` (int4) parameter in binary format (null and undefined are SQL NULL).
 * Throws a `RangeError` for a value that is not a 32-bit integer, where Postgres would
 * have refused its text.
 */
export function encodeIntegerArray(values: readonly (number | null | undefined)[]): Uint8Array {
  return encodeArray(INTEGER, values, HEADER_BYTES + values.length * 8, (writer, value) => {
    if (!Number.isInteger(value) || value < -(2 ** 31) || value >= 2 ** 31) {
      throw new RangeError(`${value} is not an integer (32-bit) for an integer[] parameter.`);
    }
    writer.int32(value);
  });
}

/**
 * A `tsvector[]` parameter in binary format (`tsvectorrecv`): per value its lexemes, each
 * with its positions. Postgres sorts the lexemes; a position not above the one before it
 * (the cap at {@link TSVECTOR_MAX_POSITION} repeats) is left out, as the text form does.
 */
export function encodeTsvectorArray(values: readonly TsvectorLexemes[]): Uint8Array {
  let estimate = HEADER_BYTES;
  for (const lexemes of values) {
    estimate += LENGTH_BYTES + 4;
    for (const [lexeme, positions] of lexemes) estimate += lexeme.length + 3 + 2 * positions.length;
  }
  return encodeArray(TSVECTOR, values, estimate, (writer, lexemes) => {
    writer.int32(lexemes.size);
    for (const [lexeme, positions] of lexemes) {
      // The lexeme, NUL-terminated; its count of positions; each position (big-endian).
      writer.reserve(lexeme.length * 3 + 3 + 2 * positions.length);
      writer.utf8Reserved(lexeme);
      const { bytes } = writer;
      let at = writer.length;
      bytes[at] = 0;
      const countAt = at + 1;
      at += 3;
      let previous = 0;
      for (const entry of positions) {
        const position = entry & TSVECTOR_MAX_POSITION;
        if (position <= previous) continue;
        previous = position;
        bytes[at] = entry >>> 8;
        bytes[at + 1] = entry & 0xff;
        at += 2;
      }
      const count = (at - countAt - 2) / 2;
      bytes[countAt] = count >>> 8;
      bytes[countAt + 1] = count & 0xff;
      writer.length = at;
    }
  });
}
