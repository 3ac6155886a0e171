import {
  createServiceClient,
  type EvalReport,
  type EvalSummary,
  runEval,
  type ServiceClient,
} from '@agent-chat/agent-service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EvalClient, startEvalService } from './evaluate.js';
import { generatedSetQuestions } from './testing/generated-set.js';
import { sitePages } from './testing/generated-site.js';
import {
  connectMcpEvalClient,
  datastoreSearch,
  differingScores,
  evalViaMcp,
  formatViaMcp,
  type McpEvalClient,
  scoreSearches,
} from './via-mcp.js';

let evalClient: EvalClient;
let client: ServiceClient;
let mcp: McpEvalClient;
let direct: EvalReport;
const questions = generatedSetQuestions();

beforeAll(async () => {
  evalClient = await startEvalService();
  await evalClient.post(`/api/datastores/upsert/${evalClient.datastoreId}`, {
    documents: sitePages(),
  });
  await evalClient.service.ingestion.idle();
  client = createServiceClient(evalClient.service.url, evalClient.apiKey, fetch);
  mcp = await connectMcpEvalClient(evalClient.service.url, evalClient.apiKey, evalClient.agentId);
  direct = await runEval({ client, agentId: evalClient.agentId, questions });
});

afterAll(async () => {
  await mcp?.close();
  await evalClient?.service.close();
});

/** The measures of a summary, without the times. */
function measures(summary: EvalSummary) {
  const { latency: _latency, firstCorrectAfterMs: _first, ...rest } = summary;
  return rest;
}

describe('npm run eval -- --via mcp', () => {
  it('search_docs returns the datastore search’s results, question by question', async () => {
    const routeSearch = datastoreSearch(client, evalClient.datastoreId);
    for (const question of questions) {
      const [viaRoute, viaMcp] = await Promise.all([
        routeSearch(question.question),
        mcp.search(question.question),
      ]);
      // What the scoring reads of a web page's result: its URL (page#heading), and the score.
      const read = (results: typeof viaRoute) =>
        results.map(({ source_url, score }) => ({ source_url, score }));
      if (question.page !== null) expect(viaRoute.length).toBeGreaterThan(0);
      expect(read(viaMcp)).toEqual(read(viaRoute));
    }
  });

  it('scores search_docs as the datastore search and ask_question as the query route', async () => {
    const comparison = await evalViaMcp({
      serviceUrl: evalClient.service.url,
      apiKey: evalClient.apiKey,
      agentId: evalClient.agentId,
      datastoreId: evalClient.datastoreId,
      client,
      questions,
      direct,
    });
    // The site is answerable: the figures compared are not all zeros.
    expect(comparison.search.direct.source3.hits).toBeGreaterThanOrEqual(15);
    expect(comparison.search.direct.section3.hits).toBeGreaterThanOrEqual(15);
    expect(direct.summary.source3.hits).toBeGreaterThanOrEqual(15);
    expect(direct.summary.phrase.hits).toBeGreaterThanOrEqual(15);
    expect(direct.summary.declined).toEqual({ hits: 2, total: 2 });

    expect(measures(comparison.search.mcp)).toEqual(measures(comparison.search.direct));
    expect(measures(comparison.answers.mcp)).toEqual(measures(comparison.answers.direct));
    expect(comparison.search.differing).toEqual([]);
    expect(comparison.answers.differing).toEqual([]);
    expect(formatViaMcp(comparison)).toContain('every question scored the same both ways');
  });

  it('names the questions a way scores differently', async () => {
    // A search that loses its first result: the comparison must see it.
    const routeSearch = datastoreSearch(client, evalClient.datastoreId);
    const route = await scoreSearches(questions, routeSearch);
    const lossy = await scoreSearches(questions, async (query) =>
      (await routeSearch(query)).slice(1),
    );
    expect(lossy.summary.source1.hits).toBeLessThan(route.summary.source1.hits);
    const differing = differingScores(route.results, lossy.results);
    expect(differing.length).toBeGreaterThan(0);
    expect(differing).toContain(route.results.find((result) => result.score.source1 === true)?.id);
  });
});
