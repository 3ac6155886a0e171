/** Something SQL can be run on: the database itself or an open transaction. */
export interface Queryable {
  /**
   * Runs one parameterised statement (`$1`, `$2`, …) and returns its rows. Pass JSON as a
   * string and cast it in SQL (`$1::jsonb`); arrays as JS arrays (`$1::text[]`). A large
   * `text[]`, `integer[]` or `tsvector[]` parameter may be passed already encoded, as a
   * `Uint8Array` in the binary array format (see `encodeTextArray` and its siblings) that
   * both adapters send as is, in binary format: no string for the driver to convert,
   * nothing for the server to parse.
   */
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
  /** Runs one or more statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

/**
 * The storage the service runs on. Two adapters implement it: PGlite (embedded, the
 * default) and PostgreSQL through `pg`; both run the same SQL.
 */
export interface Database extends Queryable {
  /**
   * Runs `work` inside a transaction: committed when it resolves, rolled back when it
   * throws, so nothing half-written survives a failure.
   */
  transaction<T>(work: (transaction: Queryable) => Promise<T>): Promise<T>;
  /** Closes the database (and releases its data directory). */
  close(): Promise<void>;
}
