/**
 * The ⌘K search's type-ahead (issue 52): every prefix of real questions, as a visitor types
 * them, through the BFF's `POST /api/agents/{id}/search` to the agent service, over a
 * datastore of 50,000 chunks whose words are the questions' own (so every prefix completes
 * to terms thousands of chunks hold), one request at a time, p50 and p95 at the client.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { SEARCH_QUERY_LIMIT } from '@agent-chat/protocol';
import { createDistractorFactory, SECTIONS_PER_DISTRACTOR } from '../scripts/eval/distractors.js';
import { atMost, BUDGETS, type BudgetCheck } from './budgets.js';
import { startChild } from './children.js';
import { count, ms, round3 } from './format.js';
import { elapsedMs, percentile, summarize } from './percentiles.js';
import type { SectionResult } from './report.js';

/** Options of the type-ahead benchmark. */
export interface TypeAheadBenchOptions {
  /** Chunks in the searched datastore (documents of ten headed sections, one chunk each). */
  chunks: number;
  /** Real questions typed, every prefix of each (from 2 characters). */
  questions: number;
  /** Documents per upsert request (the API allows 100). */
  documentsPerUpsert: number;
}

/** The repository's development sets whose questions are typed, interleaved. */
const QUESTION_SETS = ['flask', 'postgresql', 'sqlalchemy'].map((name) =>
  fileURLToPath(new URL(`../eval/sites/${name}/questions.json`, import.meta.url)),
);

/** The characters typed before the widget's first search (`MIN_SEARCH_LENGTH`). */
const FIRST_PREFIX = 2;

/** `questions` real questions, taken in turn from each development set. */
async function realQuestions(questions: number): Promise<string[]> {
  const sets = await Promise.all(
    QUESTION_SETS.map(async (file) => {
      const parsed = JSON.parse(await readFile(file, 'utf8')) as {
        questions: { question: string }[];
      };
      return parsed.questions.map((entry) => entry.question);
    }),
  );
  const picked: string[] = [];
  for (let index = 0; picked.length < questions; index += 1) {
    const row = sets.map((set) => set[index]).filter((question) => question !== undefined);
    if (row.length === 0) break;
    picked.push(...row);
  }
  return picked.slice(0, questions);
}

/**
 * Every prefix a visitor types, from {@link FIRST_PREFIX} characters up to the route's
 * `SEARCH_QUERY_LIMIT.max` (200; the widget sends no more of a longer text, cut at its last
 * whole word, and the route refuses more), none ending in a space.
 */
export function typedPrefixes(question: string): string[] {
  const prefixes: string[] = [];
  const last = Math.min(question.length, SEARCH_QUERY_LIMIT.max);
  for (let end = FIRST_PREFIX; end <= last; end += 1) {
    const prefix = question.slice(0, end);
    if (prefix.trim().length >= FIRST_PREFIX && !/\s$/.test(prefix)) prefixes.push(prefix);
  }
  return prefixes;
}

const title = 'Type-ahead search through the BFF';

/**
 * Starts an agent service and a BFF in front of it (child processes), ingests `chunks`
 * chunks made of the questions' words, then times every prefix of each question through the
 * BFF's search route, sequentially, after a warm-up question.
 */
export async function benchTypeAhead(options: TypeAheadBenchOptions): Promise<SectionResult> {
  const questions = await realQuestions(options.questions + 1);
  // A loaded machine starts PGlite slowly: a generous start timeout.
  const service = await startChild({ kind: 'agent-service' }, 120_000);
  try {
    const apiKey = service.info.apiKey as string;
    const call = async <T>(path: string, body: unknown): Promise<T> => {
      const response = await fetch(`${service.url}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`POST ${path} answered ${response.status}: ${text}`);
      return JSON.parse(text) as T;
    };
    const datastore = await call<{ id: string }>('/api/datastores', { name: 'Type-ahead' });
    const agent = await call<{ id: string }>('/api/agents', {
      name: 'Type-ahead agent',
      datastoreIds: [datastore.id],
    });
    const distractor = createDistractorFactory(questions);
    const documents = Math.ceil(options.chunks / SECTIONS_PER_DISTRACTOR);
    const ingestStart = process.hrtime.bigint();
    for (let first = 0; first < documents; first += options.documentsPerUpsert) {
      const batch = [];
      for (
        let index = first;
        index < Math.min(documents, first + options.documentsPerUpsert);
        index += 1
      ) {
        const { name, text } = distractor(index);
        batch.push({ name, text, metadata: { custom_id: name } });
      }
      await call(`/api/datastores/upsert/${datastore.id}`, { documents: batch });
    }
    const indexed = (await service.stats()).counters?.chunks ?? Number.NaN;
    const ingestMs = elapsedMs(ingestStart);

    const bff = await startChild(
      {
        kind: 'bff',
        options: { upstreamUrl: service.url, agentApiToken: apiKey, logRequests: true },
      },
      120_000,
    );
    try {
      const searchUrl = `${bff.url}/api/agents/${agent.id}/search`;
      let empty = 0;
      const search = async (query: string): Promise<number> => {
        const start = process.hrtime.bigint();
        const response = await fetch(searchUrl, {
          method: 'POST',
          // As the widget sends it: a simple request (no preflight).
          headers: { 'content-type': 'text/plain;charset=UTF-8' },
          body: JSON.stringify({ query }),
        });
        const body = (await response.json()) as { results?: unknown[] };
        const latency = elapsedMs(start);
        if (!response.ok || !Array.isArray(body.results)) {
          throw new Error(
            `A search for "${query}" answered ${response.status}: ${JSON.stringify(body).slice(0, 300)}`,
          );
        }
        if (body.results.length === 0) empty += 1;
        return latency;
      };
      const [warmup = '', ...timed] = questions;
      for (const prefix of typedPrefixes(warmup)) await search(prefix);
      empty = 0;
      const latencies: number[] = [];
      for (const question of timed) {
        for (const prefix of typedPrefixes(question)) latencies.push(await search(prefix));
      }
      const latency = summarize(latencies);
      const p95 = percentile(
        [...latencies].sort((left, right) => left - right),
        95,
      );
      const checks: BudgetCheck[] = [];
      if (indexed >= BUDGETS.retrievalBudgetChunks) {
        checks.push(
          atMost(
            `type-ahead search p50 at ${count(indexed)} chunks`,
            latency.p50,
            BUDGETS.typeAheadP50Ms,
            ms,
          ),
          atMost(
            `type-ahead search p95 at ${count(indexed)} chunks`,
            p95,
            BUDGETS.typeAheadP95Ms,
            ms,
          ),
        );
      }
      return {
        title: `${title}: ${count(indexed)} chunks`,
        figures: [
          { figure: 'chunks indexed', value: `${count(indexed)} (in ${ms(ingestMs)})` },
          {
            figure: 'searches timed',
            value: `${count(latencies.length)} (every prefix of ${timed.length} questions; ${count(empty)} found nothing)`,
          },
          {
            figure: 'search p50 through the BFF',
            value: ms(latency.p50),
            ...(checks[0] ? { check: checks[0] } : {}),
          },
          {
            figure: 'search p95 through the BFF',
            value: ms(p95),
            ...(checks[1] ? { check: checks[1] } : {}),
          },
          { figure: 'search p99 / max', value: `${ms(latency.p99)} / ${ms(latency.max)}` },
        ],
        checks,
        notes: [
          `${count(documents)} documents of ${SECTIONS_PER_DISTRACTOR} headed ~600-character sections whose words are drawn from the typed questions' own (so each prefix's completion and the other words are held by thousands of chunks), in-memory PGlite; the questions are the first ${timed.length} of the repository's development sets (flask, postgresql, sqlalchemy, in turn)`,
          `each question typed as a visitor types it: every prefix from ${FIRST_PREFIX} to ${SEARCH_QUERY_LIMIT.max} characters (none ending in a space), one POST /api/agents/{id}/search {query} at a time through the standalone BFF (request logs on) to the agent service, which completes the last word as a prefix and retrieves as the chat does; after one warm-up question`,
          `budgets: p50 ≤ ${BUDGETS.typeAheadP50Ms} ms and p95 ≤ ${BUDGETS.typeAheadP95Ms} ms, checked when at least ${count(BUDGETS.retrievalBudgetChunks)} chunks are indexed`,
        ],
        data: {
          options,
          chunksIndexed: indexed,
          ingestMs: round3(ingestMs),
          searches: latencies.length,
          emptyResults: empty,
          latencyMs: { ...latency, p95 },
        },
      };
    } finally {
      await bff.stop();
    }
  } finally {
    await service.stop();
  }
}
