import { open } from 'node:fs/promises';
import type { Queryable } from '../store/index.js';

/** Size of one stored part of an uploaded file. */
const PART_BYTES = 1024 * 1024;

/**
 * Stores an uploaded file (already on disk) as the datasource's content, in parts of 1 MiB
 * read one at a time, replacing any earlier file. Returns the stored size.
 */
export async function storeDatasourceFile(
  transaction: Queryable,
  datasourceId: string,
  filePath: string,
): Promise<number> {
  await transaction.query('DELETE FROM datasource_files WHERE datasource_id = $1', [datasourceId]);
  const handle = await open(filePath, 'r');
  let total = 0;
  try {
    for (let part = 0; ; part += 1) {
      const buffer = Buffer.alloc(PART_BYTES);
      const { bytesRead } = await handle.read(buffer, 0, PART_BYTES, null);
      if (bytesRead === 0) break;
      total += bytesRead;
      await transaction.query(
        'INSERT INTO datasource_files (datasource_id, part, bytes) VALUES ($1, $2, $3)',
        [datasourceId, part, buffer.subarray(0, bytesRead)],
      );
    }
  } finally {
    await handle.close();
  }
  return total;
}

/** The stored file of a datasource, or `undefined` when it has none. */
export async function readDatasourceFile(
  database: Queryable,
  datasourceId: string,
): Promise<Uint8Array | undefined> {
  const rows = await database.query<{ bytes: Uint8Array }>(
    'SELECT bytes FROM datasource_files WHERE datasource_id = $1 ORDER BY part',
    [datasourceId],
  );
  if (rows.length === 0) return undefined;
  return new Uint8Array(Buffer.concat(rows.map((row) => Buffer.from(row.bytes))));
}
