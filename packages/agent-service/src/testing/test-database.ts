import { createHash } from 'node:crypto';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createPgliteDatabase, type Database, migrate } from '../store/index.js';
// The migrations themselves, which only the snapshot's key needs: not part of store's API.
import { MIGRATIONS } from '../store/migrations/migration-list.js';

const snapshotPath = path.join(
  tmpdir(),
  `agent-service-test-${createHash('sha256')
    .update(JSON.stringify(MIGRATIONS))
    .digest('hex')
    .slice(0, 16)}.tar`,
);

/**
 * An in-memory PGlite database with the schema already migrated. Initialising a PGlite
 * cluster costs seconds of CPU, so the first test file that needs one saves a snapshot
 * (keyed by the migrations) in the temp directory and every later one loads it.
 */
export async function createTestDatabase(): Promise<Database> {
  const saved = await readFile(snapshotPath).catch(() => undefined);
  if (saved) {
    const database = await createPgliteDatabase({ snapshot: saved }).catch(
      () => undefined, // A damaged snapshot: make a new one below.
    );
    if (database) {
      // A snapshot written by an older checkout (same migrations, older bookkeeping) is
      // brought up to date; otherwise this only checks the recorded checksums.
      await migrate(database);
      return database;
    }
  }
  const database = await createPgliteDatabase();
  await migrate(database);
  const snapshot = Buffer.from(await (await database.dump()).arrayBuffer());
  const temporary = `${snapshotPath}.${process.pid}.${Date.now()}`;
  await writeFile(temporary, snapshot);
  await rename(temporary, snapshotPath);
  return database;
}
