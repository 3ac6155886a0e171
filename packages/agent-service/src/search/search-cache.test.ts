import { describe, expect, it } from 'vitest';
import { createTestDatabase, replaceChunks } from '../testing/index.js';
import { type FoundSection, searchDocs } from './docs-search.js';
import { completeLastWord } from './last-word-prefix.js';
import { createSearchCache, datastoresVersion, type SearchCache } from './search-cache.js';

describe('createSearchCache', () => {
  it('forgets the least recently used search first', () => {
    const cache = createSearchCache<string>({ maxEntries: 2 });
    cache.set('a', 'A');
    cache.set('b', 'B');
    expect(cache.get('a')).toBe('A');
    cache.set('c', 'C');
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('A');
    expect(cache.get('c')).toBe('C');
  });

  it('reuses a search for its TTL only', () => {
    let now = 1_000;
    const cache = createSearchCache<string>({ ttlMs: 500, now: () => now });
    cache.set('a', 'A');
    now += 500;
    expect(cache.get('a')).toBe('A');
    now += 501;
    expect(cache.get('a')).toBeUndefined();
  });
});

/** A test database with one organization, datastore `s1` and a `<id>.md` datasource per id. */
async function docsDatabase(datasourceIds: readonly string[]) {
  const database = await createTestDatabase();
  await database.exec(`
    INSERT INTO organizations (id, name) VALUES ('org', 'Org');
    INSERT INTO datastores (id, organization_id, name) VALUES ('s1', 'org', 'Docs');
  `);
  for (const id of datasourceIds) {
    await database.query(
      `INSERT INTO datasources (id, organization_id, datastore_id, name) VALUES ($1, 'org', 's1', $2)`,
      [id, `${id}.md`],
    );
  }
  return database;
}

describe('searchDocs with a search cache', () => {
  it('reuses the search of a keystroke that completes alike, and searches again once the datastore changed', async () => {
    const database = await docsDatabase(['config', 'reporters']);
    try {
      const write = (id: string, title: string, content: string) =>
        database.transaction((transaction) =>
          replaceChunks(transaction, { id, datastoreId: 's1' }, [{ position: 0, title, content }]),
        );
      await write(
        'config',
        'Configuration',
        'The configuration file sets the test environment and the reporters.',
      );
      const agent = { id: 'agent', datastoreIds: ['s1'] } as Parameters<typeof searchDocs>[1];
      const inner = createSearchCache<FoundSection[]>();
      let hits = 0;
      const searchCache: SearchCache<FoundSection[]> = {
        ...inner,
        get(key) {
          const found = inner.get(key);
          if (found) hits += 1;
          return found;
        },
      };
      const context = { database, searchCache };
      const options = { limit: 8, prefix: true, oncePerSection: true };
      const first = await searchDocs(context, agent, 'reporters conf', options);
      expect(first.query).toBe('reporters configur');
      expect(first.sections.map((section) => section.title)).toEqual(['Configuration']);
      const version = await datastoresVersion(database, ['s1']);
      // The version read with the completions, in one statement, is the same.
      expect(
        await completeLastWord(database, 'reporters conf', ['s1'], { withVersion: true }),
      ).toEqual({ query: 'reporters configur', prefix: 'conf', version });
      expect(await completeLastWord(database, 'reporters conf', ['s1'])).toEqual({
        query: 'reporters configur',
        prefix: 'conf',
      });
      expect(
        await completeLastWord(database, 'reporters xyzzy', ['s1'], { withVersion: true }),
      ).toEqual({ query: 'reporters xyzzy', prefix: 'xyzzy', version });

      const second = await searchDocs(context, agent, 'reporters confi', options);
      expect(hits).toBe(1);
      expect(second.sections).toEqual(first.sections);

      await write(
        'reporters',
        'Reporters',
        'Reporters print the results; configure them in the configuration file.',
      );
      expect(await datastoresVersion(database, ['s1'])).not.toBe(version);
      const third = await searchDocs(context, agent, 'reporters conf', options);
      expect(hits).toBe(1);
      expect(third.sections.map((section) => section.title)).toContain('Reporters');
    } finally {
      await database.close();
    }
  });

  it("draws half the common terms' candidates as you type, and keeps such a search apart in the cache", async () => {
    const database = await docsDatabase(['config']);
    try {
      await database.transaction((transaction) =>
        replaceChunks(transaction, { id: 'config', datastoreId: 's1' }, [
          {
            position: 0,
            title: 'Configuration',
            content: 'The configuration file sets the reporters.',
          },
        ]),
      );
      const agent = { id: 'agent', datastoreIds: ['s1'] } as Parameters<typeof searchDocs>[1];
      // The cap on the common terms' candidates, as the scoring statement is given it ($5).
      const caps: unknown[] = [];
      const watched = {
        ...database,
        query: ((sql: string, parameters?: unknown[]) => {
          if (sql.includes('LIMIT $5')) caps.push(parameters?.[4]);
          return database.query(sql, parameters);
        }) as typeof database.query,
      };
      const context = { database: watched, searchCache: createSearchCache<FoundSection[]>() };
      const typed = await searchDocs(context, agent, 'reporters conf', {
        limit: 8,
        prefix: true,
        oncePerSection: true,
      });
      expect(typed.query).toBe('reporters configur');
      const asked = await searchDocs(context, agent, 'reporters configur', {
        limit: 8,
        oncePerSection: true,
      });
      // Half of the usual 500 (half the budget of 1,000) as you type; the other search, not
      // served from the cache, draws them all.
      expect(caps).toEqual([250, 500]);
      expect(asked.sections).toEqual(typed.sections);
    } finally {
      await database.close();
    }
  });
});
