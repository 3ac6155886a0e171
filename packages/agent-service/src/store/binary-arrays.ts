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

/** An append-only byte buffer that doubles when full. */
class ByteWriter {
  private bytes = new Uint8Array(64 * 1024);
  private view = new DataView(this.bytes.buffer);
  length = 0;

  private reserve(count: number): void {
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

  uint16(value: number): void {
    this.reserve(2);
    this.view.setUint16(this.length, value);
    this.length += 2;
  }

  /** Overwrites the int32 at `offset` (a length written before its value was known). */
  patchInt32(offset: number, value: number): void {
    this.view.setInt32(offset, value);
  }

  patchUint16(offset: number, value: number): void {
    this.view.setUint16(offset, value);
  }

  /** The string as UTF-8. */
  utf8(text: string): void {
    // encodeInto writes at most 3 bytes per UTF-16 code unit.
    this.reserve(text.length * 3);
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

  byte(value: number): void {
    this.reserve(1);
    this.bytes[this.length] = value;
    this.length += 1;
  }

  result(): Uint8Array {
    return this.bytes.subarray(0, this.length);
  }
}

/** The array header: one dimension of `count` values from index 1, of type `elementType`. */
function header(writer: ByteWriter, elementType: number, count: number, hasNulls: boolean): void {
  writer.int32(1);
  writer.int32(hasNulls ? 1 : 0);
  writer.int32(elementType);
  writer.int32(count);
  writer.int32(1);
}

/** Each value as its length and bytes (`write`), or -1 for null. */
function encodeArray<Value>(
  elementType: number,
  values: readonly (Value | null | undefined)[],
  write: (writer: ByteWriter, value: Value) => void,
): Uint8Array {
  const writer = new ByteWriter();
  header(
    writer,
    elementType,
    values.length,
    values.some((value) => value === null || value === undefined),
  );
  for (const value of values) {
    if (value === null || value === undefined) {
      writer.int32(-1);
      continue;
    }
    const at = writer.length;
    writer.int32(0);
    write(writer, value);
    writer.patchInt32(at, writer.length - at - 4);
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
  return encodeArray(TEXT, values, (writer, value) => writer.utf8(value));
}

/**
 * An `integer[]` (int4) parameter in binary format (null and undefined are SQL NULL).
 * Throws a `RangeError` for a value that is not a 32-bit integer, where Postgres would
 * have refused its text.
 */
export function encodeIntegerArray(values: readonly (number | null | undefined)[]): Uint8Array {
  return encodeArray(INTEGER, values, (writer, value) => {
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
  return encodeArray(TSVECTOR, values, (writer, lexemes) => {
    writer.int32(lexemes.size);
    for (const [lexeme, positions] of lexemes) {
      writer.utf8(lexeme);
      writer.byte(0);
      const countAt = writer.length;
      writer.uint16(0);
      let count = 0;
      let previous = 0;
      for (const entry of positions) {
        const position = entry & TSVECTOR_MAX_POSITION;
        if (position <= previous) continue;
        previous = position;
        writer.uint16(entry);
        count += 1;
      }
      writer.patchUint16(countAt, count);
    }
  });
}
