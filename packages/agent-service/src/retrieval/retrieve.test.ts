import { describe, expect, it } from 'vitest';
import type { Queryable } from '../store/index.js';
import { startWithDocuments } from '../testing/index.js';
import { retrieve } from './index.js';

const RULE_PAGE = [
  '# no-dangling',
  '',
  'Disallow dangling underscores in identifiers.',
  '',
  '## Options',
  '',
  'This rule has an object option:',
  '',
  '- `allowAfterThis`: false (default) reports dangling underscores in members of the `this` object',
  '- `allowAfterSuper`: false (default) reports dangling underscores in members of the `super` object',
  '- `enforceInMethodNames`: false (default) allows dangling underscores in method names',
  '',
  '### allowAfterThis',
  '',
  'Examples of correct code with `{ "allowAfterThis": true }`:',
  '',
  '```js',
  'const a = this.foo_;',
  '```',
  '',
  '### allowAfterSuper',
  '',
  'Examples of correct code with `{ "allowAfterSuper": true }`:',
  '',
  '```js',
  'const a = super.foo_;',
  '```',
  '',
  '## When Not To Use It',
  '',
  'If you want dangling underscores everywhere, turn this rule off.',
].join('\n');

/** The database, with the SQL of every statement run through it kept in `statements`. */
function recording(database: Queryable): Queryable & { statements: string[] } {
  const statements: string[] = [];
  return {
    statements,
    query(sql, parameters) {
      statements.push(sql);
      return database.query(sql, parameters);
    },
    exec(sql) {
      statements.push(sql);
      return database.exec(sql);
    },
  };
}

describe('retrieve', () => {
  it("reads the candidates' rows with the candidates, not in a statement of their own", async () => {
    const { service, datastoreId } = await startWithDocuments([
      { name: 'no-dangling.md', text: RULE_PAGE },
    ]);
    try {
      const database = recording(service.database);
      const found = await retrieve(database, 'When should I turn this rule off?', {
        datastoreIds: [datastoreId],
      });
      expect(found.passages[0]?.title).toMatch(/› When Not To Use It$/);
      expect(found.passages[0]?.content).toContain('turn this rule off');
      expect(found.passages[0]?.datasourceName).toBe('no-dangling.md');
      expect(found.passageSources[0]).toMatchObject({
        chunk_id: found.passages[0]?.chunkId,
        datasource_name: 'no-dangling.md',
        mime_type: 'text/markdown',
      });
      expect(database.statements.filter((sql) => /c\.id = ANY/.test(sql))).toEqual([]);
    } finally {
      await service.close();
    }
  });

  it('leads with the subsection that the answering line of an options list names', async () => {
    const { service, datastoreId } = await startWithDocuments([
      { name: 'no-dangling.md', text: RULE_PAGE },
    ]);
    try {
      const found = await retrieve(
        service.database,
        'Can dangling underscores be allowed on members reached through super?',
        { datastoreIds: [datastoreId] },
      );
      expect(found.passages[0]?.title).toMatch(/Options › allowAfterSuper$/);
      expect(found.passageSources[0]?.chunk_id).toBe(found.passages[0]?.chunkId);
      expect(found.passages.map((passage) => passage.title)).toContainEqual(
        expect.stringMatching(/› Options$/),
      );
    } finally {
      await service.close();
    }
  });

  it("finds the example of the construct the question's code shows, whatever it names", async () => {
    const { service, datastoreId } = await startWithDocuments([
      {
        name: 'no-unused-expressions.md',
        text: [
          '# no-unused-expressions',
          '',
          'Disallow expressions whose value is never used.',
          '',
          '## allowShortCircuit',
          '',
          'Examples of correct code with this option:',
          '',
          '```js',
          'a && a();',
          'a || b();',
          '```',
        ].join('\n'),
      },
      {
        name: 'curly.md',
        text: [
          '# curly',
          '',
          'Require braces around the body of an if statement. With the option "multi",',
          'a statement of one line may go without them.',
        ].join('\n'),
      },
    ]);
    try {
      const question = 'Which option lets `onDone && onDone()` through instead of an if statement?';
      const found = await retrieve(service.database, question, { datastoreIds: [datastoreId] });
      expect(found.passages[0]?.title).toBe('no-unused-expressions › allowShortCircuit');
      // Without its code, the question's words find the other page.
      const words = 'Which option lets onDone through instead of an if statement?';
      const byWords = await retrieve(service.database, words, { datastoreIds: [datastoreId] });
      expect(byWords.passages[0]?.title).toBe('curly');
    } finally {
      await service.close();
    }
  });

  it('finds nothing for a date the documents never give, however well the words match', async () => {
    const notes = [
      '# Migrate to v11',
      '',
      'Version 11 of the linter will be released with the new configuration format.',
      'It drops Node.js 18 and sets ecmaVersion 2025 by default.',
    ].join('\n');
    const { service, datastoreId, add } = await startWithDocuments([
      { name: 'migrate-to-v11.md', text: notes },
    ]);
    try {
      const question = 'On what date will version 11 be released?';
      const options = { datastoreIds: [datastoreId], purpose: 'answer' as const };
      expect((await retrieve(service.database, question, options)).passages).toEqual([]);
      // A plain search (no relevance floor) still finds the page, and a dated page answers.
      const search = await retrieve(service.database, question, { datastoreIds: [datastoreId] });
      expect(search.passages.length).toBeGreaterThan(0);
      await add([
        {
          name: 'schedule.md',
          text: '# Schedule\n\nVersion 11 will be released on April 7, 2026.',
        },
      ]);
      const dated = await retrieve(service.database, question, options);
      expect(dated.passages.length).toBeGreaterThan(0);
    } finally {
      await service.close();
    }
  });

  it('finds nothing for the release date of a version the release notes never date', async () => {
    const changes = (version: string, date: string) =>
      [
        `# ${version} Changelog`,
        '',
        `## ${version}.0`,
        '',
        `Released: ${date}`,
        '',
        `The ${version} release adds connection pooling and drops support for old drivers.`,
      ].join('\n');
    const { service, datastoreId } = await startWithDocuments([
      { name: 'changelog-1.0.md', text: changes('1.0', 'April 30, 2015') },
      { name: 'changelog-2.0.md', text: changes('2.0', 'January 26, 2023') },
    ]);
    try {
      const options = { datastoreIds: [datastoreId], purpose: 'answer' as const };
      const unreleased = await retrieve(service.database, 'When will 3.0 be released?', options);
      expect(unreleased.passages).toEqual([]);
      const released = await retrieve(service.database, 'When was 2.0 released?', options);
      expect(released.passages[0]?.title).toBe('2.0 Changelog › 2.0.0');
    } finally {
      await service.close();
    }
  });

  it('finds nothing for the price of something the documents never price', async () => {
    const { service, datastoreId, add } = await startWithDocuments([
      {
        name: 'support.md',
        text: [
          '# Support',
          '',
          'A yearly support subscription gives a company a guaranteed response time.',
          'Several companies sell commercial support subscriptions for the server.',
        ].join('\n'),
      },
      {
        name: 'planner.md',
        text: [
          '# Planner cost constants',
          '',
          'seq_page_cost sets how much a sequential page read costs the planner.',
          'The default is 1.0; random_page_cost is 4.0.',
        ].join('\n'),
      },
    ]);
    try {
      const options = { datastoreIds: [datastoreId], purpose: 'answer' as const };
      const price = 'How much does a yearly support subscription cost?';
      expect((await retrieve(service.database, price, options)).passages).toEqual([]);
      // Cost in the planner's units is no price: answered.
      const planner = await retrieve(
        service.database,
        'How much does a sequential page read cost?',
        options,
      );
      expect(planner.passages[0]?.title).toBe('Planner cost constants');
      await add([
        {
          name: 'pricing.md',
          text: '# Pricing\n\nA yearly support subscription costs $20 per month.',
        },
      ]);
      const priced = await retrieve(service.database, price, options);
      expect(priced.passages[0]?.title).toBe('Pricing');
    } finally {
      await service.close();
    }
  });

  it('puts a section that says something ahead of a list of links that only names it', async () => {
    const { service, datastoreId } = await startWithDocuments([
      {
        name: 'apitally.md',
        text: [
          '# Monitoring with Apitally',
          '',
          'Apitally is a monitoring tool for REST APIs.',
          '',
          '## Setup',
          '',
          'Register the middleware first: add it before any other middleware so it wraps the whole app.',
          '',
          '## See also',
          '',
          '- Apitally monitoring - Official website',
          '- Apitally monitoring SDK - GitHub repository',
          '- Apitally middleware setup guide',
        ].join('\n'),
      },
    ]);
    try {
      const question = "Where should Apitally's monitoring middleware go in the middleware order?";
      const found = await retrieve(service.database, question, { datastoreIds: [datastoreId] });
      const titles = found.passages.map((passage) => passage.title);
      expect(titles.indexOf('Monitoring with Apitally › Setup')).toBeLessThan(
        titles.indexOf('Monitoring with Apitally › See also'),
      );
      // Still found: a list ranks where nothing else matches.
      expect(titles).toContain('Monitoring with Apitally › See also');
    } finally {
      await service.close();
    }
  });
});
