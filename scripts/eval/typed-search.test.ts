import {
  createServiceClient,
  type EvalQuestion,
  type ServiceClient,
} from '@agent-chat/agent-service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EvalClient, startEvalService } from './evaluate.js';
import { ITEMS, origin, sitePages, TOPICS } from './testing/generated-site.js';
import { agentSearch, evalTypedSearch, formatTypedSearch, typedQuery } from './typed-search.js';

/** Questions whose distinctive words come first, then filler a visitor types after them. */
function siteQuestions(): EvalQuestion[] {
  return [
    ...TOPICS.flatMap((topic, page) =>
      ITEMS.map(
        ([first, second], section): EvalQuestion => ({
          id: `${topic}-${section}`,
          question: `${topic} ${first} ${second} module: which option do I set before I start it?`,
          page: `/guide/${topic}`,
          heading: `${topic}-${first}-${second}`,
          phrases: [`${second}-${page}-${section}`],
        }),
      ),
    ),
    { id: 'out-1', question: 'Who painted the Mona Lisa?', page: null, phrases: [] },
  ];
}

let evalClient: EvalClient;
let client: ServiceClient;

beforeAll(async () => {
  evalClient = await startEvalService();
  await evalClient.post(`/api/datastores/upsert/${evalClient.datastoreId}`, {
    documents: sitePages(),
  });
  await evalClient.service.ingestion.idle();
  client = createServiceClient(evalClient.service.url, evalClient.apiKey, fetch);
});

afterAll(async () => {
  await evalClient?.service.close();
});

describe('npm run eval -- --search', () => {
  it('types the first 3 and 5 words or the whole question, within the route’s 200 characters', () => {
    const question = 'How do I  set a session cookie for another domain?';
    expect(typedQuery(question, 3)).toBe('How do I');
    expect(typedQuery(question, 5)).toBe('How do I  set a');
    expect(typedQuery(question, 'all')).toBe(question);
    expect(typedQuery('Two words', 5)).toBe('Two words');
    const long = `${'word '.repeat(60)}end`;
    const cut = typedQuery(long, 'all');
    expect(cut.length).toBeLessThanOrEqual(200);
    expect(cut.endsWith('word')).toBe(true);
  });

  it('searches the last word as a prefix, as the search box sends it', async () => {
    const [first] = await agentSearch(client, evalClient.agentId)('deploy lant');
    expect(first?.source_url).toBe(`${origin}/guide/deploy#deploy-lantern-harbor`);
  });

  it('counts page#heading in the first 5 results at 3 words, 5 words and in full, beside the datastore search', async () => {
    const report = await evalTypedSearch({
      client,
      agentId: evalClient.agentId,
      datastoreId: evalClient.datastoreId,
      questions: siteQuestions(),
    });
    // The unanswerable question is not searched; every other one three ways.
    expect(report.section5[3].total).toBe(18);
    expect(report.section5[5].total).toBe(18);
    expect(report.section5.all.total).toBe(18);
    expect(report.datastoreSource5.total).toBe(18);
    expect(report.errors).toEqual([]);
    // The three distinctive words come first: found from the third word on.
    expect(report.section5[3].hits).toBe(18);
    expect(report.section5.all.hits).toBeGreaterThanOrEqual(report.datastoreSource5.hits);
    expect(report.page5All.hits).toBeGreaterThanOrEqual(report.section5.all.hits);
    const text = formatTypedSearch(report);
    expect(text).toContain('first 3 words     18/18 100 %');
    expect(text).toContain('whole question ≥ datastore source@5');
  });

  it('counts a search that misses, and says when the full query is below the bar', () => {
    const text = formatTypedSearch({
      section5: { 3: { hits: 1, total: 4 }, 5: { hits: 2, total: 4 }, all: { hits: 2, total: 4 } },
      page5All: { hits: 3, total: 4 },
      datastoreSource5: { hits: 3, total: 4 },
      datastoreSection5: { hits: 2, total: 4 },
      cut: 1,
      errors: [],
      missedFull: ['q3', 'q4'],
    });
    expect(text).toContain('whole question    2/4 50 % (1 cut to 200 characters)');
    expect(text).toContain('whole question < datastore source@5 — below the bar');
    expect(text).toContain('datastore search section@5 (page#heading, whole question)  2/4 50 %');
    expect(text).toContain('whole question missed: q3, q4');
  });
});
