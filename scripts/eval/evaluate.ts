import {
  type Database,
  type HybridRetrievalOptions,
  type RunningAgentService,
  type StageName,
  startAgentService,
} from '@agent-chat/agent-service';
import { percentile } from '../../bench/percentiles.js';
import { containsGoldAnswer, type EvalQuestion } from './squad.js';

/** A client of the service's public HTTP API, bound to one organization's key. */
export interface EvalClient {
  service: RunningAgentService;
  /** The organization's API key. */
  apiKey: string;
  datastoreId: string;
  agentId: string;
  post<T>(path: string, body: unknown): Promise<T>;
}

/**
 * Starts an in-process agent service on loopback (in-memory PGlite) with one agent;
 * hybrid retrieval with `embeddings`; the ranking stages `stagesOff` switched off.
 */
export async function startEvalService(
  embeddings?: HybridRetrievalOptions,
  stagesOff: readonly string[] = [],
): Promise<EvalClient> {
  const service = await startAgentService({
    port: 0,
    host: '127.0.0.1',
    ...(embeddings ? { embeddings } : {}),
    ...(stagesOff.length > 0 ? { rankingStagesOff: stagesOff as StageName[] } : {}),
  });
  const { apiKey } = await service.createOrganization('Evaluation');
  const post = poster(service, apiKey);
  const datastore = await post<{ id: string }>('/api/datastores', { name: 'Evaluation' });
  const agent = await post<{ id: string }>('/api/agents', {
    name: 'Evaluation',
    datastoreIds: [datastore.id],
  });
  return { service, apiKey, datastoreId: datastore.id, agentId: agent.id, post };
}

/** POSTs JSON to the service with the organization's key; parses the answer. */
function poster(service: RunningAgentService, apiKey: string): EvalClient['post'] {
  const send = (path: string, body: unknown) =>
    fetch(`${service.url}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  return async <T>(path: string, body: unknown): Promise<T> => {
    // A keep-alive socket the server closed while it sat idle fails on reuse before the
    // request reaches the server (ECONNRESET): one retry on a fresh socket is safe.
    const response = await send(path, body).catch(() => send(path, body));
    const text = await response.text();
    if (!response.ok)
      throw new Error(`POST ${path} answered ${response.status}: ${text.slice(0, 300)}`);
    return JSON.parse(text) as T;
  };
}

/**
 * A service on `database` (a copy of `from`'s, e.g. opened from its snapshot) with the
 * ranking stages `stagesOff` switched off, answering for `from`'s organization, agent and
 * datastore: the same data asked again under other settings, nothing loaded twice.
 */
export async function reopenEvalService(
  from: EvalClient,
  database: Database,
  stagesOff: readonly string[],
): Promise<EvalClient> {
  const service = await startAgentService({
    port: 0,
    host: '127.0.0.1',
    database,
    ...(stagesOff.length > 0 ? { rankingStagesOff: stagesOff as StageName[] } : {}),
  });
  return { ...from, service, post: poster(service, from.apiKey) };
}

/**
 * Uploads documents through `POST /api/datastores/upsert/{id}`, 100 per request, two
 * requests in flight; returns the datasource ids in document order.
 */
export async function loadDocuments(
  client: EvalClient,
  documents: readonly { name: string; text: string }[],
): Promise<string[]> {
  const batches: { name: string; text: string }[][] = [];
  for (let first = 0; first < documents.length; first += 100) {
    batches.push(documents.slice(first, first + 100));
  }
  const ids: string[][] = new Array(batches.length);
  let next = 0;
  const worker = async () => {
    while (next < batches.length) {
      const index = next++;
      const result = await client.post<{ ids: string[] }>(
        `/api/datastores/upsert/${client.datastoreId}`,
        { documents: batches[index] },
      );
      ids[index] = result.ids;
    }
  };
  await Promise.all([worker(), worker()]);
  // Questions are asked of the index as it is in steady state: its pending entries merged.
  await client.service.ingestion.idle();
  // Hybrid: the chunks' vectors are made in the background; wait for them.
  await client.service.hybrid?.pass?.drain();
  return ids.flat();
}

/** What asking a set of questions measured. */
export interface AskResult {
  questions: number;
  recallAt1: number;
  recallAt5: number;
  /** Mean reciprocal rank of the gold paragraph among the sources (0 when absent). */
  mrr: number;
  /** Share of answers containing a gold answer (SQuAD normalisation). */
  answerHasGold: number;
  /** Mean answer length in characters. */
  answerChars: number;
  /** Per-query latency at the client, ms (nearest rank). */
  latency: { p50: number; p95: number; mean: number };
}

/** Passages a datastore search returns for recall, as many as an agent's query reads. */
const SEARCHED = 6;

/**
 * Asks every question with `POST /api/agents/{id}/query` (JSON, sequentially, one
 * conversation each) for the answer and its latency, and scores retrieval where the gold
 * paragraph's datasource lands among the datasources of the same question's datastore
 * search (`POST /api/datastores/{id}/query`, the agent's retrieval without the relevance
 * floor): an answer cites only what it quotes, so its `sources` are not a ranking.
 */
export async function askQuestions(
  client: EvalClient,
  questions: readonly EvalQuestion[],
  paragraphIds: readonly string[],
): Promise<AskResult> {
  let at1 = 0;
  let at5 = 0;
  let reciprocal = 0;
  let gold = 0;
  let chars = 0;
  const latencies: number[] = [];
  for (const question of questions) {
    const start = process.hrtime.bigint();
    const reply = await client.post<{ answer: string; sources: { datasource_id: string }[] }>(
      `/api/agents/${client.agentId}/query`,
      { query: question.question },
    );
    latencies.push(Number(process.hrtime.bigint() - start) / 1e6);
    const searched = await client.post<{ results: { datasource_id: string }[] }>(
      `/api/datastores/${client.datastoreId}/query`,
      { query: question.question, topK: SEARCHED },
    );
    const ranking = [...new Set(searched.results.map((result) => result.datasource_id))];
    const rank = ranking.indexOf(paragraphIds[question.paragraph] as string);
    if (rank === 0) at1 += 1;
    if (rank >= 0 && rank < 5) at5 += 1;
    if (rank >= 0) reciprocal += 1 / (rank + 1);
    if (containsGoldAnswer(reply.answer, question.answers)) gold += 1;
    chars += reply.answer.length;
  }
  const count = Math.max(1, questions.length);
  const sorted = latencies.sort((left, right) => left - right);
  return {
    questions: questions.length,
    recallAt1: at1 / count,
    recallAt5: at5 / count,
    mrr: reciprocal / count,
    answerHasGold: gold / count,
    answerChars: chars / count,
    latency: {
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      mean: sorted.reduce((sum, value) => sum + value, 0) / count,
    },
  };
}
