import type { SearchResponse } from '@agent-chat/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectError,
  startTwoOrganizations,
  type TwoOrganizations,
} from '../testing/two-organizations.js';

let setup: TwoOrganizations;
let agentId: string;

const documents = [
  {
    name: 'config.md',
    text: [
      '# Configuring Vitest',
      '',
      '## setupFiles {#setupfiles}',
      '',
      'The `setupFiles` option names modules run before each test file. Use it to extend **expect** or to reset mocks.',
      '',
      '## Reporters {#reporters}',
      '',
      'Reporters print results. The default reporter prints a tree of test files.',
    ].join('\n'),
    metadata: { source_url: 'https://docs.example/config' },
  },
  {
    name: 'mocking.md',
    text: '# Mocking\n\n## Timers {#timers}\n\nFake timers replace setTimeout while a test runs; restore them after the test.',
    metadata: { source_url: 'https://docs.example/mocking' },
  },
  {
    name: 'cli.md',
    text: '# Command line\n\n## Watch mode {#watch}\n\nThe CLI runs tests in watch mode by default and reruns the tests a change affects.',
    metadata: { source_url: 'https://docs.example/cli' },
  },
];

beforeAll(async () => {
  setup = await startTwoOrganizations();
  const { alice } = setup;
  const datastoreId = (await alice('POST', '/api/datastores', { name: 'Docs' })).body.id;
  await alice('POST', `/api/datastores/upsert/${datastoreId}`, { documents });
  agentId = (await alice('POST', '/api/agents', { name: 'Docs', datastoreIds: [datastoreId] })).body
    .id;
});

afterAll(async () => {
  await setup.service.close();
});

const search = (body: unknown, id = agentId) =>
  setup.alice('POST', `/api/agents/${id}/search`, body);

describe('POST /api/agents/:id/search (search as you type)', () => {
  it('answers sections with title, heading, URL, a plain excerpt and its highlights', async () => {
    const response = await search({ query: 'setupFiles' });
    expect(response.status).toBe(200);
    const { results } = response.body as SearchResponse;
    expect(results[0]).toEqual({
      title: 'Configuring Vitest',
      heading: 'setupFiles',
      url: 'https://docs.example/config#setupfiles',
      excerpt: expect.stringContaining('The setupFiles option names modules'),
      highlights: expect.any(Array),
      score: expect.any(Number),
    });
    const [first] = results;
    const marked = first?.highlights.map(([start, end]) => first.excerpt.slice(start, end));
    expect(marked).toContain('setupFiles');
    expect(first?.excerpt).not.toMatch(/[`*#]/);
  });

  it('takes the last word as a prefix: "report" finds the Reporters section', async () => {
    const { results } = (await search({ query: 'report' })).body as SearchResponse;
    expect(results[0]?.url).toBe('https://docs.example/config#reporters');
    const first = results[0];
    const marked = first?.highlights.map(([start, end]) => first.excerpt.slice(start, end));
    expect(marked?.some((word) => word.toLowerCase().startsWith('report'))).toBe(true);
    const { results: configuring } = (await search({ query: 'conf' })).body as SearchResponse;
    expect(configuring[0]?.title).toBe('Configuring Vitest');
    const { results: timers } = (await search({ query: 'fake tim' })).body as SearchResponse;
    expect(timers[0]?.url).toBe('https://docs.example/mocking#timers');
  });

  it('a word followed by a space is whole, and a misspelling is forgiven', async () => {
    const { results } = (await search({ query: 'wach mode ' })).body as SearchResponse;
    expect(results[0]?.url).toBe('https://docs.example/cli#watch');
  });

  it('returns one result per section, at most `limit`, best first', async () => {
    const { results } = (await search({ query: 'test', limit: 2 })).body as SearchResponse;
    expect(results.length).toBeLessThanOrEqual(2);
    const urls = results.map((result) => result.url);
    expect(new Set(urls).size).toBe(urls.length);
    const scores = results.map((result) => result.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it('finds nothing for words no document holds', async () => {
    const response = await search({ query: 'zzyzx qwvt' });
    expect(response.body).toEqual({ results: [] });
  });

  it('refuses empty, over-long and control-character queries with 400, unknown agents with 404', async () => {
    expectError(await search({ query: '' }), 400, 'INVALID_REQUEST', /query must not be empty/);
    expectError(await search({ query: 'x'.repeat(201) }), 400, 'INVALID_REQUEST', /200/);
    expectError(await search({ query: 'a\u001bb' }), 400, 'INVALID_REQUEST', /control/);
    expectError(await search({ query: 'conf' }, 'no-such-agent'), 404, 'NOT_FOUND');
    expectError(
      await setup.bob('POST', `/api/agents/${agentId}/search`, { query: 'conf' }),
      404,
      'NOT_FOUND',
    );
  });
});
