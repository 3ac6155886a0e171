import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EvalReport, EvalSummary } from '@agent-chat/agent-service';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { KEPT_DATA_FORMAT, type KeptData } from './kept-data.js';
import { runSiteEval, type SiteMeasures } from './site.js';
import { runSites } from './sites.js';
import { writeGeneratedSet } from './testing/generated-set.js';

const repositoryRoot = fileURLToPath(new URL('../../', import.meta.url));
let root: string;
let setFolder: string;
let keepDir: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'eval-kept-data-'));
  setFolder = path.join(root, 'generated');
  keepDir = path.join(root, 'kept');
  await writeGeneratedSet(setFolder);
});

afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

/** Every file under `folder`: its size, modification time and SHA-256, by relative path. */
async function fingerprint(folder: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const entry of await readdir(folder, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    const stats = await stat(file);
    const key = path.relative(folder, file);
    if (entry.isDirectory()) {
      files[key] = `dir ${stats.mtimeMs}`;
      continue;
    }
    const hash = createHash('sha256')
      .update(await readFile(file))
      .digest('hex');
    files[key] = `${stats.size} ${stats.mtimeMs} ${hash}`;
  }
  return files;
}

/** What the runs print (console.log and console.warn), while `work` runs. */
async function printed<T>(work: () => Promise<T>): Promise<{ result: T; output: string }> {
  const lines: string[] = [];
  const collect = (...args: unknown[]) => {
    lines.push(args.map(String).join(' '));
  };
  const log = vi.spyOn(console, 'log').mockImplementation(collect);
  const warn = vi.spyOn(console, 'warn').mockImplementation(collect);
  const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
  try {
    return { result: await work(), output: lines.join('\n') };
  } finally {
    log.mockRestore();
    warn.mockRestore();
    write.mockRestore();
  }
}

/** The scores of a report, without the times. */
function scores(report: EvalReport) {
  const { latency: _latency, firstCorrectAfterMs: _first, ...summary } = report.summary;
  return {
    summary: summary satisfies Omit<EvalSummary, 'latency' | 'firstCorrectAfterMs'>,
    questions: report.questions.map((result) => ({
      id: result.id,
      score: result.score,
      sources: result.sources.map((source) => new URL(source.url ?? 'x:').pathname),
      answer: result.answer,
    })),
  };
}

const ingestFigures = (measures: SiteMeasures) => ({
  sitePages: measures.sitePages,
  pagesIngested: measures.pagesIngested,
  pagesFailed: measures.pagesFailed,
  ingestSeconds: measures.ingestSeconds,
  serviceReadySeconds: measures.serviceReadySeconds,
});

describe('npm run eval -- --site … --keep-data / --data', () => {
  it('keeps the ingested data, and a replay on it scores the same without changing it', async () => {
    const kept = await printed(() =>
      runSiteEval(setFolder, {
        keepData: keepDir,
        quiet: true,
        json: path.join(root, 'kept.json'),
      }),
    );
    const folder = path.join(keepDir, 'generated');
    const evalData = JSON.parse(
      await readFile(path.join(folder, 'eval-data.json'), 'utf8'),
    ) as KeptData;
    const head = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: repositoryRoot })
      .toString()
      .trim();
    expect(evalData).toMatchObject({
      format: KEPT_DATA_FORMAT,
      set: 'generated',
      commit: head,
      ingest: { sitePages: 7, pagesIngested: 7, pagesFailed: 0 },
    });
    expect(evalData.apiKey).not.toBe('');
    expect(ingestFigures(kept.result.measures)).toEqual({
      sitePages: 7,
      pagesIngested: 7,
      pagesFailed: 0,
      ingestSeconds: evalData.ingest.ingestSeconds,
      serviceReadySeconds: evalData.ingest.serviceReadySeconds,
    });
    expect(kept.result.measures.keptData).toMatchObject({ folder, ingestedByThisRun: true });
    // Nothing else in the keep folder: no staging folder left behind.
    expect(await readdir(keepDir)).toEqual(['generated']);
    // The set is answerable: the scores compared are not all zeros.
    const summary = kept.result.report.summary;
    expect(summary.source3.hits).toBeGreaterThanOrEqual(15);
    expect(summary.phrase.hits).toBeGreaterThanOrEqual(15);
    expect(summary.errors).toBe(0);
    const before = await fingerprint(folder);
    expect(Object.keys(before)).toContain(path.join('data', 'pgdata', 'PG_VERSION'));

    const replayed = await printed(() =>
      runSiteEval(setFolder, { data: keepDir, quiet: true, json: path.join(root, 'data.json') }),
    );
    expect(scores(replayed.result.report)).toEqual(scores(kept.result.report));
    // The ingest figures are the kept ones, said to be, with the commit they were ingested at.
    expect(ingestFigures(replayed.result.measures)).toEqual(ingestFigures(kept.result.measures));
    expect(replayed.result.measures.keptData).toMatchObject({
      folder,
      commit: head,
      ingestedByThisRun: false,
    });
    expect(replayed.output).toContain('nothing ingested');
    expect(replayed.output).toContain(`ingested at commit ${head.slice(0, 12)}`);
    expect(replayed.output).not.toMatch(/ingesting http/);
    const json = JSON.parse(await readFile(path.join(root, 'data.json'), 'utf8')) as SiteMeasures;
    expect(json.keptData?.ingestedByThisRun).toBe(false);
    // The replay served a copy: the kept folder is as it was, file by file.
    expect(await fingerprint(folder)).toEqual(before);
  }, 300_000);

  it('refuses to keep into a folder that exists, before ingesting anything', async () => {
    const existing = path.join(root, 'existing');
    await mkdir(path.join(existing, 'generated'), { recursive: true });
    await writeFile(path.join(existing, 'generated', 'mine.txt'), 'not to be lost');
    await expect(runSiteEval(setFolder, { keepData: existing })).rejects.toThrow(
      `${path.join(existing, 'generated')} already exists: kept data is never overwritten`,
    );
    const sets = [{ name: 'generated', folder: setFolder }];
    await expect(runSites(sets, { keepData: existing })).rejects.toThrow('already exists');
    expect(await readdir(existing)).toEqual(['generated']);
    expect(await readFile(path.join(existing, 'generated', 'mine.txt'), 'utf8')).toBe(
      'not to be lost',
    );
  });

  it('says when there is no kept data, or none this code reads', async () => {
    const missing = path.join(root, 'nothing-kept');
    await expect(runSiteEval(setFolder, { data: missing })).rejects.toThrow(
      `No kept data for generated: ${path.join(missing, 'generated')} does not exist`,
    );
    await expect(
      runSites([{ name: 'generated', folder: setFolder }], { data: missing }),
    ).rejects.toThrow('No kept data for generated');

    const other = path.join(root, 'other-format', 'generated');
    await mkdir(path.join(other, 'data', 'pgdata'), { recursive: true });
    await writeFile(path.join(other, 'eval-data.json'), '{"format": 99}');
    await expect(runSiteEval(setFolder, { data: path.join(root, 'other-format') })).rejects.toThrow(
      'is of format 99, this code reads format 1',
    );
  });
});
