import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningAgentService, startAgentService } from '../index.js';
import {
  captureCliIo,
  createApiClient,
  createTestDatabase,
  type LoopbackSite,
  startLoopbackSite,
} from '../testing/index.js';
import type { EvalReport } from './eval-run.js';
import { runCli } from './index.js';

let cwd: string;
let site: LoopbackSite;
let service: RunningAgentService;
let apiKey: string;
let agentId: string;

function io() {
  return captureCliIo({
    env: { AGENT_API_TOKEN: apiKey, AGENT_SERVICE_URL: service.url, INGEST_POLL_MS: '50' },
    cwd,
  });
}

const questions = [
  {
    id: 'wick',
    question: 'How often do keepers trim the wick of the Fresnel lamp?',
    page: '/guide',
    heading: 'lamp-care',
    phrases: ['every evening at dusk'],
  },
  {
    id: 'pay',
    question: 'What are keepers paid in?',
    page: '/faq/',
    heading: 'pay',
    phrases: ['herring'],
  },
  {
    id: 'tides',
    question: 'When is the spring tide highest?',
    page: 'tides.md',
    phrases: ['new moon'],
  },
  {
    id: 'wrong',
    question: 'How often do keepers trim the wick of the Fresnel lamp?',
    page: '/faq',
    heading: 'pay',
    phrases: ['herring'],
  },
  {
    id: 'gone',
    question: 'What are keepers paid in?',
    page: '/handbook/pay',
    phrases: ['herring'],
  },
  { id: 'out', question: 'Which zeppelins carry quantum bananas?', page: null },
];

beforeAll(async () => {
  cwd = await mkdtemp(path.join(tmpdir(), 'agent-service-eval-'));
  site = await startLoopbackSite();
  service = await startAgentService({
    port: 0,
    database: await createTestDatabase(),
    allowPrivateUrls: true,
    ingestion: { pollMs: 50, fetch: { timeoutMs: 1_000 } },
  });
  ({ apiKey } = await service.createOrganization('Eval'));
  const api = createApiClient(service.url, apiKey);
  const datastoreId = (await api('POST', '/api/datastores', { name: 'Keepers' })).body.id;
  agentId = (await api('POST', '/api/agents', { name: 'Keeper', datastoreIds: [datastoreId] })).body
    .id;
  await writeFile(
    path.join(cwd, 'tides.md'),
    '# Tides\n\nThe spring tide is highest at the new moon and the full moon.',
  );
  const ingest = io();
  expect(
    await runCli(['ingest', datastoreId, 'tides.md', `${site.url}/sitemap.xml`], ingest.io),
  ).toBe(0);
  await writeFile(path.join(cwd, 'questions.json'), JSON.stringify({ questions }));
});

afterAll(async () => {
  await service?.close();
  await site?.close();
  await rm(cwd, { recursive: true, force: true });
});

describe('agent-chat-service eval', () => {
  it('asks every question through the query API, scores it and writes the full report', async () => {
    const run = io();
    const code = await runCli(
      ['eval', '--agent', agentId, 'questions.json', '--json', 'report.json', '--min-source3', '3'],
      run.io,
    );
    expect(run.err()).toBe('');
    expect(code).toBe(0);
    const out = run.out();
    expect(out).toContain('6 questions (5 answerable, 1 unanswerable)');
    expect(out).toMatch(/source@1 +3\/5 +60\.0 %/);
    // The answers cite only what they quote: 'wrong' (the FAQ asked of the lamp) is not cited.
    expect(out).toMatch(/source@3 +3\/5 +60\.0 %/);
    expect(out).toMatch(/section@3 +2\/3 +66\.7 %/);
    expect(out).toMatch(/phrase +4\/5 /);
    expect(out).toMatch(/unanswerable declined +1\/1 /);
    expect(out).toMatch(/answerable refused +0\/5 /);
    expect(out).toMatch(/latency +p50 [\d.]+ ms, p95 [\d.]+ ms/);
    expect(out).toMatch(/code blocks +all closed/);
    expect(out).toMatch(/misses +2: 1 lost by retrieval \(at bm25 1\), 1 by the answer/);
    expect(out).toMatch(
      /follow-ups answerable +\d+\/\d+ .*\(page first: \d+; from \d+ of the first 6 answers\)/,
    );
    // The search finds the expected section and phrase: the answer lost them.
    expect(out).toMatch(
      /\n {2}wrong +answer +source@3 section@3 phrase +expected \/faq#pay; cited \/guide#lamp-care; search: page \d+, section \d+; missing "herring"\n/,
    );
    // No fragment of the expected page is found: retrieval lost it, among the candidates.
    expect(out).toMatch(
      /\n {2}gone +retrieval source@3 +expected \/handbook\/pay; cited .*; search: page –, lost at bm25\n/,
    );

    const report = JSON.parse(await readFile(path.join(cwd, 'report.json'), 'utf8')) as EvalReport;
    expect(report.summary).toMatchObject({
      questions: 6,
      source1: { hits: 3, total: 5 },
      declined: { hits: 1, total: 1 },
      misses: { total: 2, retrieval: 1, answer: 1 },
    });
    const byId = Object.fromEntries(report.questions.map((result) => [result.id, result]));
    expect(byId.wick?.sources[0]?.url).toBe(`${site.url}/guide#lamp-care`);
    expect(byId.wick?.answer).toContain('every evening at dusk');
    expect(byId.tides?.sources[0]).toMatchObject({ url: null, name: 'tides.md' });
    expect(byId.out).toMatchObject({ sources: [], score: { declined: true, correct: true } });
    expect(byId.wrong?.miss).toMatchObject({
      lostBy: 'answer',
      failed: ['source@3', 'section@3', 'phrase'],
    });
    expect(byId.gone?.miss).toMatchObject({ lostBy: 'retrieval', pageRank: null, lostAt: 'bm25' });
    expect(byId.wick?.latencyMs).toBeGreaterThan(0);
    // Each follow-up asked is traced to the page it was drawn from.
    expect(report.followUps.answers).toBe(6);
    for (const followUp of report.followUps.results) {
      expect(followUp.page).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/|\.md$/);
      if (followUp.answerable) expect(followUp.declined).toBe(false);
    }
  });

  it('exits 1 when a threshold is missed, and 2 on wrong usage', async () => {
    const strict = io();
    expect(
      await runCli(
        ['eval', '--agent', agentId, 'questions.json', '--quiet', '--min-source3', '100%'],
        strict.io,
      ),
    ).toBe(1);
    expect(strict.err()).toBe('threshold missed: source@3 3/5 is below --min-source3 100%\n');
    expect(strict.out()).not.toContain('Misses');

    const noAgent = io();
    expect(await runCli(['eval', 'questions.json'], noAgent.io)).toBe(2);
    expect(noAgent.err()).toMatch(
      /Name the agent with --agent <id>\.[\s\S]*Usage: agent-chat-service eval/,
    );

    await writeFile(path.join(cwd, 'bad.json'), JSON.stringify([{ id: 'x', page: '/a' }]));
    const bad = io();
    expect(await runCli(['eval', '--agent', agentId, 'bad.json'], bad.io)).toBe(2);
    expect(bad.err()).toMatch(
      /bad\.json is not a valid question set:\n {2}questions\[0\]\.question:/,
    );

    const threshold = io();
    expect(
      await runCli(
        ['eval', '--agent', agentId, 'questions.json', '--min-phrase', 'most'],
        threshold.io,
      ),
    ).toBe(2);
    expect(threshold.err()).toMatch(/--min-phrase takes a count or a percentage/);

    const unknown = io();
    expect(await runCli(['eval', '--agent', 'nobody', 'questions.json'], unknown.io)).toBe(1);
    expect(unknown.err()).toMatch(/GET \/api\/agents\/nobody failed: .*404|NOT_FOUND/);

    const help = io();
    expect(await runCli(['eval', '--help'], help.io)).toBe(0);
    expect(help.out()).toMatch(/^Usage: agent-chat-service eval --agent <id> <questions\.json>/);
    expect(help.out()).toMatch(/code blocks +answers that leave a fenced code block open/);
  });
});
