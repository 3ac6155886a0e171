import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgliteDatabase } from './pglite-database.js';
import {
  describeCluster,
  installedPgliteVersion,
  PGLITE_TEMPLATE_DIR,
  readPgliteTemplateRecord,
  unpackPgliteTemplate,
} from './pglite-template.js';

describe('the PGlite template cluster in the repository', () => {
  let scratch: string;

  beforeAll(async () => {
    scratch = await mkdtemp(path.join(tmpdir(), 'pglite-template-'));
  });

  afterAll(async () => {
    await rm(scratch, { recursive: true, force: true });
  });

  it('was made by the installed PGlite', () => {
    const record = readPgliteTemplateRecord();
    const installed = installedPgliteVersion();
    expect(
      record?.pglite,
      `The PGlite template (${PGLITE_TEMPLATE_DIR}) was made by PGlite ${record?.pglite} and ` +
        `PGlite ${installed} is installed: run \`npm run pglite-template\` and commit the result.`,
    ).toBe(installed);
  });

  it('unpacks into a new data directory the installed PGlite opens as a cluster of its own', async () => {
    const record = readPgliteTemplateRecord();
    const pgdata = path.join(scratch, 'one', 'pgdata');
    expect(await unpackPgliteTemplate(pgdata)).toEqual({ unpacked: true });
    // The cluster is the one the record describes, and nothing of the unpacking is left.
    expect({ pglite: record?.pglite, ...describeCluster(pgdata) }).toEqual(record);
    expect(readdirSync(path.dirname(pgdata))).toEqual(['pgdata']);
    const dataDir = path.dirname(pgdata);
    const database = await createPgliteDatabase({ dataDir });
    try {
      const [server] = await database.query<{ version: string }>(
        "SELECT current_setting('server_version_num') AS version",
      );
      expect(String(Math.floor(Number(server?.version) / 10_000))).toBe(record?.postgres);
      await database.exec('CREATE TABLE notes (body text)');
      await database.query('INSERT INTO notes VALUES ($1)', ['kept']);
    } finally {
      await database.close();
    }
    const reopened = await createPgliteDatabase({ dataDir });
    try {
      expect(await reopened.query('SELECT body FROM notes')).toEqual([{ body: 'kept' }]);
    } finally {
      await reopened.close();
    }
    // The template itself is untouched: a second data directory has no such table.
    const other = path.join(scratch, 'two');
    const second = await createPgliteDatabase({ dataDir: other });
    try {
      expect(await second.query("SELECT to_regclass('notes') AS found")).toEqual([{ found: null }]);
    } finally {
      await second.close();
    }
  }, 120_000);

  it('is not unpacked over a data directory that holds anything', async () => {
    const pgdata = path.join(scratch, 'busy', 'pgdata');
    mkdirSync(pgdata, { recursive: true });
    writeFileSync(path.join(pgdata, 'PG_VERSION'), '17\n');
    expect(await unpackPgliteTemplate(pgdata)).toEqual({ unpacked: false });
    expect(readFileSync(path.join(pgdata, 'PG_VERSION'), 'utf8')).toBe('17\n');
  });

  it('is left to PGlite, with a warning that says how to make it again, when missing or made by another PGlite', async () => {
    const missing = await unpackPgliteTemplate(
      path.join(scratch, 'a', 'pgdata'),
      path.join(scratch, 'none'),
    );
    expect(missing).toMatchObject({ unpacked: false, warning: /npm run pglite-template/ });
    const stale = path.join(scratch, 'stale');
    await cp(PGLITE_TEMPLATE_DIR, stale, { recursive: true });
    const record = readPgliteTemplateRecord(stale);
    writeFileSync(
      path.join(stale, 'pglite-template.json'),
      JSON.stringify({ ...record, pglite: '0.0.1' }),
    );
    const pgdata = path.join(scratch, 'b', 'pgdata');
    const outcome = await unpackPgliteTemplate(pgdata, stale);
    expect(outcome).toMatchObject({
      unpacked: false,
      warning: expect.stringMatching(/made by PGlite 0\.0\.1 .*npm run pglite-template/),
    });
    expect(existsSync(path.join(scratch, 'b'))).toBe(false);
  });
});
