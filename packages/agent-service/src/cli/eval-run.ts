import {
  type Agent,
  type ConversationDetail,
  type DatastoreQueryResponse,
  LIMITS,
  type QueryResponse,
} from '@agent-chat/protocol';
import { RERANK_DEPTH } from '../retrieval/index.js';
import type { EvalAnswer } from './eval-answer.js';
import { diagnoseMiss, type RetrievedFragment } from './eval-diagnosis.js';
import { checkFollowUps, type FollowUpCheck } from './eval-follow-ups.js';
import type { EvalQuestionResult } from './eval-question-result.js';
import type { EvalQuestion } from './eval-questions.js';
import { failedMeasures, scoreReply } from './eval-score.js';
import { type EvalSummary, summarizeEval } from './eval-summary.js';
import type { ServiceClient } from './service-client.js';

/** Options of {@link runEval}. */
export interface RunEvalOptions {
  /** A client of the running service, with the key of the agent's organization. */
  client: ServiceClient;
  agentId: string;
  questions: readonly EvalQuestion[];
  /** Questions asked at once. Default 4. */
  concurrency?: number;
  /** Fragments a datastore search returns when a miss is diagnosed. Default 10. */
  retrievalTopK?: number;
  /** First answers whose suggested follow-ups are asked (`checkFollowUps`). Default 20. */
  followUpSample?: number;
  /** Clock in ms (default `performance.now`). */
  now?: () => number;
  /**
   * Asks one question in a new conversation. Default: `POST /api/agents/{id}/query` (JSON)
   * with `client`; `npm run eval -- --via mcp` asks through the MCP `ask_question` tool.
   */
  ask?(question: string): Promise<EvalAnswer>;
  /** Called after each answer is scored, with how many have come back. */
  onAnswered?(result: EvalQuestionResult, done: number, total: number): void;
}

/** A whole evaluation run: what was asked of which agent, per question and in total. */
export interface EvalReport {
  agentId: string;
  startedAt: string;
  concurrency: number;
  retrievalTopK: number;
  summary: EvalSummary;
  /** The suggested follow-ups of the first answers, asked ("follow-ups answerable"). */
  followUps: FollowUpCheck;
  questions: EvalQuestionResult[];
}

async function pool<T>(
  items: readonly T[],
  concurrency: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}

/** A request; a failure before any HTTP answer (a dropped keep-alive socket) is tried once more. */
async function requestWithRetry<T>(
  client: ServiceClient,
  method: string,
  route: string,
  body: unknown,
): Promise<T> {
  try {
    return await client.request<T>(method, route, body);
  } catch (error) {
    if ((error as { status?: number }).status !== undefined) throw error;
    return client.request<T>(method, route, body);
  }
}

/**
 * The agent's datastores searched for `query`, explained (`explain: true`), best first:
 * the whole ranking the stages saw (at least `RERANK_DEPTH` fragments: asking for more than
 * `topK` changes nothing in the first `topK`), each with its rank after every stage.
 */
async function retrieve(
  client: ServiceClient,
  datastoreIds: readonly string[],
  query: string,
  topK: number,
): Promise<RetrievedFragment[]> {
  const depth = Math.min(LIMITS.topK.max, Math.max(topK, RERANK_DEPTH));
  const found = await Promise.all(
    datastoreIds.map((id) =>
      requestWithRetry<DatastoreQueryResponse>(client, 'POST', `/api/datastores/${id}/query`, {
        query,
        topK: depth,
        explain: true,
      }),
    ),
  );
  return found
    .flatMap((response) => response.results)
    .sort((left, right) => right.score - left.score)
    .slice(0, depth)
    .map((result) => ({
      source_url: result.source,
      datasource_name: result.datasource_name,
      text: result.text,
      ...(result.explain ? { stages: result.explain.stages } : {}),
    }));
}

/**
 * Asks every question through the public query API (`POST /api/agents/{id}/query`, JSON,
 * a new conversation each, `concurrency` at once), scores each reply ({@link scoreReply}),
 * then diagnoses each miss by asking the agent's datastores the same question
 * (`POST /api/datastores/{id}/query`, top `retrievalTopK`; {@link diagnoseMiss}) after
 * every answer is in, so the diagnosis does not slow the answers measured. Last, the
 * follow-ups suggested with the first answers are asked ({@link checkFollowUps}).
 *
 * @example
 * const report = await runEval({ client, agentId: 'support', questions });
 * console.log(formatEvalReport(report));
 */
export async function runEval(options: RunEvalOptions): Promise<EvalReport> {
  const { client, agentId, questions } = options;
  const now = options.now ?? (() => performance.now());
  const concurrency = Math.max(1, options.concurrency ?? 4);
  const retrievalTopK = Math.max(1, options.retrievalTopK ?? 10);
  const agent = await client.request<Agent>('GET', `/api/agents/${encodeURIComponent(agentId)}`);
  const startedAt = new Date().toISOString();
  const start = now();
  const ask =
    options.ask ??
    ((question: string) =>
      requestWithRetry<QueryResponse>(
        client,
        'POST',
        `/api/agents/${encodeURIComponent(agentId)}/query`,
        { query: question },
      ));
  const results: EvalQuestionResult[] = new Array(questions.length);
  const replies: { id: string; reply: EvalAnswer | undefined }[] = new Array(questions.length);
  let done = 0;
  await pool([...questions.entries()], concurrency, async ([index, question]) => {
    const asked = now();
    let reply: EvalAnswer | undefined;
    let error: string | undefined;
    try {
      reply = await ask(question.question);
    } catch (failure) {
      error = (failure as Error).message;
    }
    const answered = now();
    replies[index] = { id: question.id, reply };
    const answer = reply?.answer ?? '';
    const sources = reply?.sources ?? [];
    const result: EvalQuestionResult = {
      id: question.id,
      question: question.question,
      ...(question.kind === undefined ? {} : { kind: question.kind }),
      page: question.page,
      heading: question.heading ?? null,
      phrases: question.phrases,
      answer,
      sources: sources.map((source) => ({
        url: source.source_url,
        name: source.datasource_name,
        score: source.score,
      })),
      latencyMs: answered - asked,
      answeredAfterMs: answered - start,
      ...(error === undefined ? {} : { error }),
      score:
        error === undefined
          ? scoreReply(question, { answer, sources })
          : scoreReply(question, { answer: '', sources: [] }),
    };
    results[index] = result;
    done += 1;
    options.onAnswered?.(result, done, questions.length);
  });

  const datastoreIds = agent.datastoreIds;
  await pool([...questions.entries()], concurrency, async ([index, question]) => {
    const result = results[index] as EvalQuestionResult;
    const failed = failedMeasures(result.score);
    if (result.error !== undefined) {
      result.miss = { failed: failed.length > 0 ? failed : ['error'], lostBy: 'error' };
      return;
    }
    if (failed.length === 0) return;
    if (question.page === null || datastoreIds === undefined || datastoreIds.length === 0) {
      result.miss = { failed, lostBy: question.page === null ? 'answer' : 'unknown' };
      return;
    }
    try {
      const fragments = await retrieve(client, datastoreIds, question.question, retrievalTopK);
      result.miss = { failed, ...diagnoseMiss(question, result.score, fragments, retrievalTopK) };
    } catch {
      result.miss = { failed, lostBy: 'unknown' };
    }
  });
  const followUps = await checkFollowUps({
    replies,
    ...(options.followUpSample === undefined ? {} : { sample: options.followUpSample }),
    readConversation: (conversationId) =>
      requestWithRetry<ConversationDetail>(
        client,
        'GET',
        `/api/conversations/${encodeURIComponent(conversationId)}`,
        undefined,
      ),
    ask,
  });
  return {
    agentId,
    startedAt,
    concurrency,
    retrievalTopK,
    summary: summarizeEval(results),
    followUps,
    questions: results,
  };
}
