/**
 * `npm run eval -- --site <set folder> --via mcp` (issue 51): the set's questions asked again
 * through the agent's MCP server (`POST /api/agents/{id}/mcp`) with the official SDK's client,
 * as a coding assistant asks them: each through `search_docs`, beside the datastore search it
 * mirrors (`POST /api/datastores/{id}/query`), and through `ask_question`, beside the query
 * route's answers. Both ways are scored by the same `scoreReply` and added up by
 * `summarizeEval`: equal figures, question by question, mean the MCP server gives what the
 * routes give.
 */

import {
  type CitedSource,
  type EvalAnswer,
  type EvalQuestion,
  type EvalQuestionResult,
  type EvalReport,
  type EvalSummary,
  runEval,
  type ServiceClient,
  scoreReply,
  summarizeEval,
  type Tally,
} from '@agent-chat/agent-service';
import type { DatastoreQueryResponse } from '@agent-chat/protocol';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

/** Results one search asks for, both ways: `search_docs`'s default. */
export const SEARCH_RESULTS = 8;

/** A search result, read as an answer's cited source is. */
export type SearchedSource = CitedSource & { score: number };

/** Searches the agent's knowledge for `query`; resolves with the results, best first. */
export type Search = (query: string) => Promise<SearchedSource[]>;

/** The agent's MCP server, through the SDK's `Client` over `StreamableHTTPClientTransport`. */
export interface McpEvalClient {
  /** `search_docs` with {@link SEARCH_RESULTS} results. */
  search: Search;
  /** `ask_question`: its answer and cited sources, as `runEval` reads the query route's. */
  ask(question: string): Promise<EvalAnswer>;
  close(): Promise<void>;
}

const isWebUrl = (text: string) => /^https?:\/\//i.test(text);

/**
 * Connects to `POST {serviceUrl}/api/agents/{agentId}/mcp` with the organization's key, as
 * an IDE does (initialize, then `initialized`). A request that fails before any HTTP answer
 * (a kept-alive socket the service closed) is sent once more, as `runEval` does.
 */
export async function connectMcpEvalClient(
  serviceUrl: string,
  apiKey: string,
  agentId: string,
): Promise<McpEvalClient> {
  const transport = new StreamableHTTPClientTransport(
    new URL(`${serviceUrl}/api/agents/${encodeURIComponent(agentId)}/mcp`),
    {
      requestInit: { headers: { authorization: `Bearer ${apiKey}` } },
      fetch: (input, init) => fetch(input, init).catch(() => fetch(input, init)),
    },
  );
  const client = new Client({ name: 'agent-chat-eval', version: '1.0.0' });
  await client.connect(transport);
  const call = async <T>(name: string, args: Record<string, unknown>): Promise<T> => {
    const result = await client.callTool({ name, arguments: args });
    if (result.isError) {
      const [first] = result.content as { text?: string }[];
      throw new Error(`${name} answered an error: ${first?.text ?? '(no text)'}`);
    }
    return result.structuredContent as T;
  };
  return {
    async search(query) {
      const { results } = await call<{ results: { url: string; score: number }[] }>('search_docs', {
        query,
        limit: SEARCH_RESULTS,
      });
      // `url` is the section's URL, or the document's name when it has none (a file): the
      // datastore route's `source` is then null and its `datasource_name` that name.
      return results.map((result) => ({
        source_url: isWebUrl(result.url) ? result.url : null,
        datasource_name: result.url,
        score: result.score,
      }));
    },
    async ask(question) {
      const reply = await call<{
        answer: string;
        sources: { url: string | null; name: string; score: number }[];
        conversationId: string;
      }>('ask_question', { question });
      return {
        answer: reply.answer,
        conversationId: reply.conversationId,
        sources: reply.sources.map((source) => ({
          source_url: source.url,
          datasource_name: source.name,
          score: source.score,
        })),
      };
    },
    close: () => client.close(),
  };
}

/** The datastore query route (`POST /api/datastores/{id}/query`) as a {@link Search}. */
export function datastoreSearch(client: ServiceClient, datastoreId: string): Search {
  return async (query) => {
    const { results } = await client.request<DatastoreQueryResponse>(
      'POST',
      `/api/datastores/${encodeURIComponent(datastoreId)}/query`,
      { query, topK: SEARCH_RESULTS },
    );
    return results.map((result) => ({
      source_url: result.source,
      datasource_name: result.datasource_name,
      score: result.score,
    }));
  };
}

/**
 * Searches each answerable question with `search` (`concurrency` at once) and scores its
 * results as an answer's cited sources (`scoreReply` with no answer text: source@1, source@3
 * and section@3 are the ones that mean something here), added up by `summarizeEval`.
 */
export async function scoreSearches(
  questions: readonly EvalQuestion[],
  search: Search,
  concurrency = 4,
): Promise<{ summary: EvalSummary; results: EvalQuestionResult[] }> {
  const answerable = questions.filter((question) => question.page !== null);
  const results: EvalQuestionResult[] = new Array(answerable.length);
  const start = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < answerable.length) {
      const index = next++;
      const question = answerable[index] as EvalQuestion;
      const asked = performance.now();
      let sources: SearchedSource[] = [];
      let error: string | undefined;
      try {
        sources = await search(question.question);
      } catch (failure) {
        error = (failure as Error).message;
      }
      const answered = performance.now();
      results[index] = {
        id: question.id,
        question: question.question,
        page: question.page,
        heading: question.heading ?? null,
        phrases: question.phrases,
        answer: '',
        sources: sources.map((source) => ({
          url: source.source_url,
          name: source.datasource_name,
          score: source.score,
        })),
        latencyMs: answered - asked,
        answeredAfterMs: answered - start,
        ...(error === undefined ? {} : { error }),
        score: scoreReply(question, { answer: '', sources }),
      };
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  return { summary: summarizeEval(results), results };
}

/** One way of asking against the other: their summaries and the questions scored differently. */
export interface PathComparison {
  direct: EvalSummary;
  mcp: EvalSummary;
  /** Ids of the questions whose score differs between the two ways. */
  differing: string[];
}

/** `--via mcp`'s figures: searches and answers, the routes' beside the MCP server's. */
export interface ViaMcpComparison {
  search: PathComparison;
  answers: PathComparison;
}

/** Ids of the questions of `direct` that `mcp` scored differently (or lacks). */
export function differingScores(
  direct: readonly EvalQuestionResult[],
  mcp: readonly EvalQuestionResult[],
): string[] {
  const byId = new Map(mcp.map((result) => [result.id, result]));
  return direct
    .filter((result) => {
      const other = byId.get(result.id);
      return other === undefined || JSON.stringify(other.score) !== JSON.stringify(result.score);
    })
    .map((result) => result.id);
}

/** Options of {@link evalViaMcp}. */
export interface ViaMcpOptions {
  serviceUrl: string;
  apiKey: string;
  /** The agent, which searches `datastoreId` alone. */
  agentId: string;
  datastoreId: string;
  /** A client of the routes with the same key. */
  client: ServiceClient;
  questions: readonly EvalQuestion[];
  /** The same questions' answers through the query route (`runEval`'s report). */
  direct: EvalReport;
  /** Questions asked at once (default 4). */
  concurrency?: number;
}

/**
 * Asks `questions` through the agent's MCP server: searches through `search_docs` and the
 * datastore route (one after the other, the same concurrency), answers through
 * `ask_question` with `runEval` (the same scoring as `direct`, the query route's run).
 */
export async function evalViaMcp(options: ViaMcpOptions): Promise<ViaMcpComparison> {
  const concurrency = options.concurrency ?? 4;
  const mcp = await connectMcpEvalClient(options.serviceUrl, options.apiKey, options.agentId);
  try {
    const routeSearch = await scoreSearches(
      options.questions,
      datastoreSearch(options.client, options.datastoreId),
      concurrency,
    );
    const mcpSearch = await scoreSearches(options.questions, mcp.search, concurrency);
    const mcpAnswers = await runEval({
      client: options.client,
      agentId: options.agentId,
      questions: options.questions,
      concurrency,
      ask: mcp.ask,
    });
    return {
      search: {
        direct: routeSearch.summary,
        mcp: mcpSearch.summary,
        differing: differingScores(routeSearch.results, mcpSearch.results),
      },
      answers: {
        direct: options.direct.summary,
        mcp: mcpAnswers.summary,
        differing: differingScores(options.direct.questions, mcpAnswers.questions),
      },
    };
  } finally {
    await mcp.close();
  }
}

const tally = ({ hits, total }: Tally) => `${hits}/${total}`;

/**
 * The comparison as a table: each measure through the route and through the MCP server side
 * by side, then whether every question scored the same both ways.
 *
 * @example
 * console.log(formatViaMcp(await evalViaMcp(options)));
 */
export function formatViaMcp(comparison: ViaMcpComparison): string {
  const rows: [string, string, string][] = [];
  const add = (
    label: string,
    { direct, mcp }: PathComparison,
    measures: [string, (summary: EvalSummary) => string][],
  ) => {
    measures.forEach(([name, show], index) => {
      rows.push([
        `${index === 0 ? label : ''.padEnd(label.length)}  ${name}`,
        show(direct),
        show(mcp),
      ]);
    });
  };
  const p50 = (summary: EvalSummary) => `${summary.latency.p50.toFixed(1)} ms`;
  add('search   ', comparison.search, [
    ['source@1', (summary) => tally(summary.source1)],
    ['source@3', (summary) => tally(summary.source3)],
    ['section@3', (summary) => tally(summary.section3)],
    ['p50', p50],
  ]);
  add('answers  ', comparison.answers, [
    ['source@1', (summary) => tally(summary.source1)],
    ['source@3', (summary) => tally(summary.source3)],
    ['section@3', (summary) => tally(summary.section3)],
    ['phrase', (summary) => tally(summary.phrase)],
    ['declined', (summary) => tally(summary.declined)],
    ['refused', (summary) => tally(summary.refused)],
    ['errors', (summary) => String(summary.errors)],
    ['p50', p50],
  ]);
  const header: [string, string, string] = ['via MCP (SDK client)', 'route', 'MCP'];
  const widths = [0, 1, 2].map((column) =>
    Math.max(...[header, ...rows].map((row) => (row[column] as string).length)),
  );
  const line = (row: [string, string, string]) =>
    row
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[0] ?? 0) : cell.padStart(widths[column] ?? 0),
      )
      .join('   ');
  const verdict = (name: string, { differing }: PathComparison) =>
    differing.length === 0
      ? `  ${name}: every question scored the same both ways`
      : `  ${name}: ${differing.length} question(s) scored differently: ${differing.slice(0, 12).join(', ')}${differing.length > 12 ? ', …' : ''}`;
  return [
    line(header),
    ...rows.map(line),
    verdict('search (search_docs vs POST /api/datastores/{id}/query)', comparison.search),
    verdict('answers (ask_question vs POST /api/agents/{id}/query)', comparison.answers),
  ].join('\n');
}
