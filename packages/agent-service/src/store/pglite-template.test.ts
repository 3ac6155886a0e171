import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgliteDatabase } from './pglite-database.js';
import { copyPgliteTemplate, writePgliteTemplate } from './pglite-template.js';

describe('the PGlite template cluster', () => {
  let scratch: string;
  let template: string;

  beforeAll(async () => {
    scratch = await mkdtemp(path.join(tmpdir(), 'pglite-template-'));
    template = path.join(scratch, 'template');
    await writePgliteTemplate(template);
  }, 120_000);

  afterAll(async () => {
    await rm(scratch, { recursive: true, force: true });
  });

  it('is copied into a new data directory, which then opens as a cluster of its own', async () => {
    const pgdata = path.join(scratch, 'one', 'pgdata');
    expect(copyPgliteTemplate(pgdata, template)).toBe(true);
    expect(readFileSync(path.join(pgdata, 'PG_VERSION'), 'utf8').trim()).toMatch(/^\d+$/);
    // Nothing of the copy's scaffolding is left beside it.
    expect(readdirSync(path.dirname(pgdata))).toEqual(['pgdata']);
    const dataDir = path.dirname(pgdata);
    const database = await createPgliteDatabase({ dataDir });
    try {
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
    // The template itself is untouched: a second copy has no such table.
    const other = path.join(scratch, 'two');
    expect(copyPgliteTemplate(path.join(other, 'pgdata'), template)).toBe(true);
    const second = await createPgliteDatabase({ dataDir: other });
    try {
      expect(await second.query("SELECT to_regclass('notes') AS found")).toEqual([{ found: null }]);
    } finally {
      await second.close();
    }
  }, 120_000);

  it('is not copied over a data directory that holds anything', () => {
    const pgdata = path.join(scratch, 'busy', 'pgdata');
    mkdirSync(pgdata, { recursive: true });
    writeFileSync(path.join(pgdata, 'PG_VERSION'), '17\n');
    expect(copyPgliteTemplate(pgdata, template)).toBe(false);
    expect(readFileSync(path.join(pgdata, 'PG_VERSION'), 'utf8')).toBe('17\n');
  });

  it('is not used when missing or made by another PGlite version', () => {
    expect(copyPgliteTemplate(path.join(scratch, 'a', 'pgdata'), path.join(scratch, 'none'))).toBe(
      false,
    );
    const stale = path.join(scratch, 'stale');
    mkdirSync(path.join(stale, 'pgdata'), { recursive: true });
    writeFileSync(path.join(stale, 'pglite-version'), '0.0.1\n');
    const pgdata = path.join(scratch, 'b', 'pgdata');
    expect(copyPgliteTemplate(pgdata, stale)).toBe(false);
  });
});
