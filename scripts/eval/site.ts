/**
 * `npm run eval -- --site <set folder>`: the answers on a documentation site, measured as a
 * new user would meet them. The set's `serve-site.mjs` serves its site on loopback; a fresh
 * service is started as a child process of the real CLI (`agent-chat-service keys create`,
 * then `serve` on a temporary data directory); an agent and a datastore are created through
 * the API; the site is ingested from its sitemap with the CLI's `ingest`; then the set's
 * `questions.json` is asked with the code of `agent-chat-service eval`. Prints its report,
 * the pages ingested, the ingest time, the answers quoting the site's boilerplate (the set's
 * `BOILERPLATE_MARKERS` and `PRIVATE_MARKER`) and the time from spawning `serve` to the
 * first correct answer (source@3 and every key phrase).
 *
 * `--keep-data=DIR` keeps the service's data once the site is ingested, in `DIR/<set>/`, and
 * `--data=DIR` asks the questions of a copy of it, ingesting nothing (`kept-data.ts`).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  createServiceClient,
  type EvalQuestion,
  type EvalReport,
  type EvalSummary,
  formatEvalReport,
  normalizeEvalText,
  readEvalQuestions,
  runEval,
} from '@agent-chat/agent-service';
import { isDatasourceSettled } from '@agent-chat/protocol';
import {
  assertKeepable,
  codeVersion,
  copyKeptData,
  createKeepStaging,
  describeCommit,
  type IngestFigures,
  type KeptData,
  KeptDataError,
  keepStaging,
  keptFolder,
  readKeptData,
} from './kept-data.js';
import { evalTypedSearch, formatTypedSearch, type TypedSearchReport } from './typed-search.js';
import { evalViaMcp, formatViaMcp, type ViaMcpComparison } from './via-mcp.js';

const repositoryRoot = fileURLToPath(new URL('../../', import.meta.url));
const serviceCli = path.join(repositoryRoot, 'packages/agent-service/src/cli.ts');

/** How long a crawl that `ingest` stopped watching may still run before the eval gives up. */
const SETTLE_TIMEOUT_MS = 15 * 60_000;

/**
 * The datastore's datasources once none is still being ingested (polled every second);
 * throws, naming how many are still active, when that takes longer than SETTLE_TIMEOUT_MS.
 */
async function settledDatasources(
  client: ReturnType<typeof createServiceClient>,
  datastoreId: string,
): Promise<{ type: string; status: string }[]> {
  const deadline = performance.now() + SETTLE_TIMEOUT_MS;
  let warned = false;
  for (;;) {
    const datasources = await client.request<{ type: string; status: string }[]>(
      'GET',
      `/api/datastores/${datastoreId}/datasources`,
    );
    const running = datasources.filter((datasource) => !isDatasourceSettled(datasource.status));
    if (running.length === 0) return datasources;
    if (performance.now() > deadline) {
      throw new Error(
        `${running.length} datasources were still being ingested ${SETTLE_TIMEOUT_MS / 60_000} minutes after ingest ended; the questions were not asked.`,
      );
    }
    if (!warned) {
      console.warn(
        `ingest ended with ${running.length} datasources still being ingested; waiting for them before asking the questions`,
      );
      warned = true;
    }
    await delay(1_000);
  }
}

/** What `startSite()` of a set's `serve-site.mjs` resolves to. */
interface ServedSite {
  origin: string;
  pages: { path: string }[];
  close(): Promise<void>;
}

/** What a set's `serve-site.mjs` exports. */
interface SetModule {
  startSite(options: { port: number }): Promise<ServedSite>;
  /** Text only the site's boilerplate holds (navbar, footer, cookie banner…). */
  BOILERPLATE_MARKERS?: { where: string; text: string }[];
  /** Text only the page robots.txt disallows holds. */
  PRIVATE_MARKER?: string;
  /**
   * The ids inside a heading's section other than its own (sub-headings, API entries' `dt`):
   * a cited `page#id` with one of them counts as the section too (issue 50). Without it, only
   * the heading's own id does.
   */
  sectionIds?(page: string, heading: string): readonly string[];
}

/** The questions with the ids inside each one's section, as the set module gives them. */
export function withSectionIds(
  questions: readonly EvalQuestion[],
  sectionIds: SetModule['sectionIds'],
): EvalQuestion[] {
  return questions.map((question) => {
    if (sectionIds === undefined || question.page === null || !question.heading) return question;
    const ids = sectionIds(question.page, question.heading);
    return ids.length === 0 ? question : { ...question, sectionIds: [...ids] };
  });
}

/** Options of {@link runSiteEval}. */
export interface SiteEvalOptions {
  /** Questions asked at once (default 4). */
  concurrency?: number;
  /** Writes the full report (with the site measures) here. */
  json?: string;
  /** No line per miss. */
  quiet?: boolean;
  /**
   * After the report, the questions asked again once per entry, each time of a `serve`
   * restarted on the same data (nothing ingested again) with these ranking stages
   * switched off (`RANKING_STAGES_OFF`): the ablation of docs/benchmarks.md.
   */
  ablate?: readonly (readonly string[])[];
  /**
   * `mcp`: after the report, the same questions through the agent's MCP server
   * (`search_docs` beside the datastore search, `ask_question` beside the query route;
   * `evalViaMcp`), printed side by side.
   */
  via?: 'mcp';
  /**
   * Before the answers, the ⌘K search as typed: each question's first 3 and 5 words and all
   * of it through the agent's search route, against the datastore search's source@5
   * (`evalTypedSearch`).
   */
  search?: boolean;
  /**
   * Keeps the service's data in `keepData/<set>` once the site is ingested (refused when it
   * exists), with `eval-data.json` beside it (`kept-data.ts`); the questions are then asked
   * of a copy of it, as with `data`.
   */
  keepData?: string;
  /**
   * Ingests nothing: the questions are asked of a copy of `data/<set>`, kept by a run with
   * `keepData`; the ingest figures printed are the kept ones.
   */
  data?: string;
}

/** One row of an ablation: the stages switched off and the summary of the answers then. */
export interface AblationRow {
  stagesOff: readonly string[];
  summary: EvalSummary;
}

/** The site measures printed under the eval report (and kept in `--json`). */
export interface SiteMeasures {
  site: string;
  sitePages: number;
  pagesIngested: number;
  pagesFailed: number;
  /** `serve` spawned → listening. */
  serviceReadySeconds: number;
  /** `ingest` spawned → exited. */
  ingestSeconds: number;
  /** `serve` spawned → the first correct answer received (null: none). */
  firstCorrectAnswerSeconds: number | null;
  /** Answers quoting the site's boilerplate or its robots.txt-disallowed page, by question id. */
  boilerplate: { id: string; where: string }[];
  /**
   * With `keepData` or `data`: the kept data the questions were asked of (a copy of it).
   * Replayed (`ingestedByThisRun` false), the ingest figures above are the kept ones, and
   * the first correct answer is the kept ingest's span plus this run's questions'.
   */
  keptData?: {
    folder: string;
    commit: string;
    uncommittedChanges: boolean;
    keptAt: string;
    ingestedByThisRun: boolean;
    /** `serve` spawned on the copy → listening. */
    copyReadySeconds: number;
  };
}

/** The answers that quote a marker of text no content page holds. */
function boilerplateIn(
  report: EvalReport,
  markers: readonly { where: string; text: string }[],
): SiteMeasures['boilerplate'] {
  const found: SiteMeasures['boilerplate'] = [];
  for (const result of report.questions) {
    const answer = normalizeEvalText(result.answer);
    for (const marker of markers) {
      if (answer.includes(normalizeEvalText(marker.text))) {
        found.push({ id: result.id, where: marker.where });
      }
    }
  }
  return found;
}

/** Runs the service's CLI from source (as `npm run eval` itself runs) with `args`. */
function spawnCli(args: string[], env: Record<string, string>): ChildProcess {
  return spawn(
    process.execPath,
    ['--conditions=agent-chat-source', '--import', 'tsx', serviceCli, ...args],
    { cwd: repositoryRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
}

/** Resolves with the exit code and what the process wrote, once it exits. */
function finished(child: ChildProcess): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  child.stdout?.setEncoding('utf8').on('data', (text: string) => {
    out += text;
  });
  child.stderr?.setEncoding('utf8').on('data', (text: string) => {
    err += text;
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve({ code: code ?? 1, out, err }));
  });
}

/** Waits for `serve` to print its URL; rejects if it exits first. */
function listeningUrl(child: ChildProcess, log: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    child.stderr?.setEncoding('utf8').on('data', (text: string) => {
      log.push(text);
      if (log.length > 50) log.shift();
    });
    child.stdout?.setEncoding('utf8').on('data', (text: string) => {
      out += text;
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (match) resolve(match[1] as string);
    });
    child.once('exit', (code) =>
      reject(new Error(`serve exited with code ${code} before listening:\n${log.join('')}`)),
    );
  });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

const seconds = (ms: number) => Math.round(ms / 100) / 10;

/** `page-support off: 72 / 77 / 73 / 67, declined 5/6, refused 1/80, misses 2 + 12`. */
function ablationLine(stagesOff: readonly string[], summary: EvalSummary): string {
  const { source1, source3, section3, phrase, declined, refused, misses } = summary;
  return `  ${(stagesOff.length === 0 ? 'every stage on' : `${stagesOff.join(', ')} off`).padEnd(28)} ${source1.hits} / ${source3.hits} / ${section3.hits} / ${phrase.hits}, declined ${declined.hits}/${declined.total}, refused ${refused.hits}/${refused.total}, misses ${misses.retrieval} + ${misses.answer}`;
}

/**
 * Creates an agent and a datastore through the API of the service `startServe` spawns on
 * `dataDir` (after `keys create` there), ingests the site's sitemap with the CLI's `ingest`
 * and waits for every datasource to settle. Resolves with the service and the figures.
 */
async function ingestSite(
  site: ServedSite,
  set: string,
  dataDir: string,
  startServe: () => Promise<string>,
): Promise<{
  url: string;
  service: { apiKey: string; agentId: string; datastoreId: string };
  ingest: IngestFigures;
  settledMs: number;
}> {
  const keys = await finished(
    spawnCli(['keys', 'create', '--org', 'Evaluation'], { DATA_DIR: dataDir }),
  );
  const apiKey = keys.out.trim();
  if (keys.code !== 0 || apiKey === '') throw new Error(`keys create failed:\n${keys.err}`);

  const spawnedAt = performance.now();
  const url = await startServe();
  const readyAt = performance.now();
  const client = createServiceClient(url, apiKey, fetch);
  const datastore = await client.request<{ id: string }>('POST', '/api/datastores', {
    name: set,
  });
  const agent = await client.request<{ id: string }>('POST', '/api/agents', {
    name: set,
    datastoreIds: [datastore.id],
  });

  const sitemap = `${site.origin}/sitemap.xml`;
  console.log(
    `${set}: ${site.pages.length} pages at ${site.origin}; service ${url} ready in ${seconds(readyAt - spawnedAt)} s; ingesting ${sitemap}`,
  );
  const ingestStart = performance.now();
  // The whole set, also past the service's default crawl cap of 1,000 pages (PostgreSQL's
  // manual has 1,168): a set's questions may be on any of its pages.
  const maxPages = Math.max(1_000, site.pages.length);
  const ingest = await finished(
    spawnCli(
      [
        'ingest',
        datastore.id,
        sitemap,
        '--url',
        url,
        '--key',
        apiKey,
        '--max-pages',
        String(maxPages),
      ],
      {},
    ),
  );
  process.stdout.write(ingest.out);
  if (ingest.code !== 0) process.stderr.write(ingest.err);
  // `ingest` exits 1 when a page failed, which is a result; but when it lost the service
  // (a busy service closing its socket) the crawl is still running, and questions asked now
  // would be measured on part of the site. Wait for every datasource to settle first.
  const datasources = await settledDatasources(client, datastore.id);
  const settledAt = performance.now();
  const pages = datasources.filter((datasource) => datasource.type === 'web_page');
  const pagesIngested = pages.filter((page) => page.status === 'synched').length;
  return {
    url,
    service: { apiKey, agentId: agent.id, datastoreId: datastore.id },
    ingest: {
      sitePages: site.pages.length,
      pagesIngested,
      pagesFailed: pages.length - pagesIngested,
      serviceReadySeconds: seconds(readyAt - spawnedAt),
      ingestSeconds: seconds(settledAt - ingestStart),
      settledSeconds: seconds(settledAt - spawnedAt),
    },
    settledMs: settledAt - spawnedAt,
  };
}

/** The lines printed under the eval report: pages, ingest, boilerplate, first correct answer. */
function siteMeasureLines(
  measures: SiteMeasures,
  markerCount: number,
  settledSeconds: number,
): string {
  const { keptData } = measures;
  const replayed = keptData !== undefined && !keptData.ingestedByThisRun;
  const firstCorrect =
    measures.firstCorrectAnswerSeconds === null
      ? 'none'
      : `${measures.firstCorrectAnswerSeconds} s after spawning serve (ready in ${measures.serviceReadySeconds} s)`;
  return [
    `  pages ingested         ${measures.pagesIngested} of ${measures.sitePages}${measures.pagesFailed > 0 ? ` (${measures.pagesFailed} failed)` : ''}${replayed ? ' (kept)' : ''}`,
    `  ingest                 ${measures.ingestSeconds} s${replayed ? ` (kept: measured by the run that ingested at commit ${describeCommit(keptData)})` : ''}`,
    `  boilerplate            ${markerCount === 0 ? 'not checked (the set exports no markers)' : measures.boilerplate.length === 0 ? 'none in any answer' : measures.boilerplate.map((entry) => `${entry.id} (${entry.where})`).join(', ')}`,
    `  first correct answer   ${firstCorrect}${keptData === undefined || measures.firstCorrectAnswerSeconds === null ? '' : `: ${settledSeconds} s from spawning serve to the last page settled${replayed ? ' (kept)' : ''}, then ${seconds((measures.firstCorrectAnswerSeconds - settledSeconds) * 1000)} s from the first question to the first correct answer on a copy of the kept data (its serve ready in ${keptData.copyReadySeconds} s)`}`,
  ].join('\n');
}

/** How a run that replays or keeps data says which ingest the questions were asked of. */
function keptDataLine(kept: KeptData, folder: string, now: string): string {
  return `kept data ${folder}, ingested at commit ${describeCommit(kept)} on ${kept.keptAt} (this code: ${now})`;
}

/**
 * Serves the set in `folder`, starts and fills a fresh service through the CLI, asks the
 * set's questions and prints the report; resolves with it and the site measures.
 *
 * With `keepData`, the service's data is kept in `keepData/<set>` once the site is ingested
 * (see `kept-data.ts`), and the questions are asked of a copy of it, as a later run with
 * `data` asks them: such a run ingests nothing, it serves a copy of `data/<set>` and prints
 * the kept ingest's figures, marked as kept.
 */
export async function runSiteEval(
  folder: string,
  options: SiteEvalOptions = {},
): Promise<{ report: EvalReport; measures: SiteMeasures }> {
  const setFolder = path.resolve(folder);
  const set = path.basename(setFolder);
  if (options.keepData !== undefined && options.data !== undefined) {
    throw new KeptDataError('Give --keep-data (ingest and keep) or --data (replay), not both.');
  }
  if (options.keepData !== undefined) assertKeepable(options.keepData, set);
  const keptDir = options.keepData ?? options.data;
  let kept = options.data === undefined ? undefined : await readKeptData(options.data, set);
  const version = keptDir === undefined ? undefined : await codeVersion(repositoryRoot);
  const setModule = (await import(
    pathToFileURL(path.join(setFolder, 'serve-site.mjs')).href
  )) as SetModule;
  const questions = withSectionIds(
    await readEvalQuestions(path.join(setFolder, 'questions.json')),
    setModule.sectionIds,
  );
  const markers = [
    ...(setModule.BOILERPLATE_MARKERS ?? []),
    ...(setModule.PRIVATE_MARKER === undefined
      ? []
      : [{ where: 'page disallowed by robots.txt', text: setModule.PRIVATE_MARKER }]),
  ];
  const site = await setModule.startSite({ port: 0 });
  /** The running service's `DATA_DIR`: removed at the end (a kept folder never is). */
  let dataDir: string | undefined;
  /** Where `keepData`'s ingest runs until it is kept: removed at the end if it was not. */
  let staging: string | undefined;
  let serve: ChildProcess | undefined;
  const serveLog: string[] = [];
  /** `serve` on `directory` (the running one stopped first); resolves with its URL. */
  const startServe = async (directory: string, stagesOff: readonly string[] = []) => {
    if (serve) await stop(serve);
    serve = spawnCli(['serve'], {
      DATA_DIR: directory,
      PORT: '0',
      HOST: '127.0.0.1',
      ALLOW_PRIVATE_URLS: 'true',
      RANKING_STAGES_OFF: stagesOff.join(','),
    });
    return listeningUrl(serve, serveLog);
  };
  try {
    let url: string | undefined;
    let service: { apiKey: string; agentId: string; datastoreId: string };
    let ingest: IngestFigures;
    /** `serve` spawned → every datasource settled, ms: the start of the first-correct span. */
    let settledMs: number;
    /** `serve` spawned → its copy of kept data listening (`keepData`, `data`). */
    let copyReadySeconds: number | undefined;
    if (kept === undefined) {
      if (options.keepData === undefined) {
        dataDir = await mkdtemp(path.join(tmpdir(), 'agent-chat-site-eval-'));
      } else {
        ({ folder: staging, dataDir } = await createKeepStaging(options.keepData, set));
      }
      ({ url, service, ingest, settledMs } = await ingestSite(site, set, dataDir, () =>
        startServe(dataDir as string),
      ));
      if (options.keepData !== undefined && staging !== undefined && version !== undefined) {
        // Kept as it is once ingested, before any question: a replay starts from there.
        if (serve) await stop(serve);
        serve = undefined;
        const ingested = staging;
        staging = undefined; // kept, or (another run kept the set meanwhile) left where it is
        dataDir = undefined;
        kept = await keepStaging(ingested, options.keepData, {
          set,
          ...version,
          ...service,
          ingest,
        });
        console.log(
          `${set}: kept in ${keptFolder(options.keepData, set)}; the questions are asked of a copy, as --data=${path.resolve(options.keepData)} asks them`,
        );
      }
    } else {
      ({ ingest } = kept);
      settledMs = ingest.settledSeconds * 1000;
      service = { apiKey: kept.apiKey, agentId: kept.agentId, datastoreId: kept.datastoreId };
    }
    if (kept !== undefined && keptDir !== undefined && version !== undefined) {
      const from = keptFolder(keptDir, set);
      const copyFrom = performance.now();
      dataDir = await copyKeptData(keptDir, set);
      const spawnedAt = performance.now();
      url = await startServe(dataDir).catch((error: unknown) => {
        throw new KeptDataError(
          `serve did not open a copy of ${from} (ingested at commit ${describeCommit(kept as KeptData)}, this code is at ${describeCommit(version)}): ${(error as Error).message}\nIngest it again with --keep-data into a new folder.`,
        );
      });
      copyReadySeconds = seconds(performance.now() - spawnedAt);
      if (options.data !== undefined) {
        console.log(
          `${set}: ${site.pages.length} pages at ${site.origin}; nothing ingested: ${keptDataLine(kept, from, describeCommit(version))}; copied in ${seconds(spawnedAt - copyFrom)} s, served at ${url}, ready in ${copyReadySeconds} s`,
        );
        if (kept.ingest.sitePages !== site.pages.length) {
          console.warn(
            `${set}: the set serves ${site.pages.length} pages, the kept data was ingested from ${kept.ingest.sitePages}: ingest it again to measure the set as it is`,
          );
        }
      }
    }
    if (url === undefined) throw new Error('no service was started'); // unreachable
    const client = createServiceClient(url, service.apiKey, fetch);
    const questionsFrom = performance.now();
    let typedSearch: TypedSearchReport | undefined;
    if (options.search === true) {
      typedSearch = await evalTypedSearch({
        client,
        agentId: service.agentId,
        datastoreId: service.datastoreId,
        questions,
        ...(options.concurrency === undefined ? {} : { concurrency: options.concurrency }),
      });
      console.log(`\n${formatTypedSearch(typedSearch)}\n`);
    }
    let firstCorrectAt: number | undefined;
    const report = await runEval({
      client,
      agentId: service.agentId,
      questions,
      ...(options.concurrency === undefined ? {} : { concurrency: options.concurrency }),
      onAnswered(result) {
        if (result.score.correct && firstCorrectAt === undefined)
          firstCorrectAt = performance.now();
      },
    });
    const measures: SiteMeasures = {
      site: setFolder,
      sitePages: site.pages.length,
      pagesIngested: ingest.pagesIngested,
      pagesFailed: ingest.pagesFailed,
      serviceReadySeconds: ingest.serviceReadySeconds,
      ingestSeconds: ingest.ingestSeconds,
      // From spawning `serve` to the questions, then to the first correct answer: one span
      // when the same service ingested and answered; the kept ingest's span and this run's
      // when the questions were asked of a copy.
      firstCorrectAnswerSeconds:
        firstCorrectAt === undefined ? null : seconds(settledMs + firstCorrectAt - questionsFrom),
      boilerplate: boilerplateIn(report, markers),
      ...(kept === undefined || keptDir === undefined || copyReadySeconds === undefined
        ? {}
        : {
            keptData: {
              folder: keptFolder(keptDir, set),
              commit: kept.commit,
              uncommittedChanges: kept.uncommittedChanges,
              keptAt: kept.keptAt,
              ingestedByThisRun: options.keepData !== undefined,
              copyReadySeconds,
            },
          }),
    };
    console.log(`\n${formatEvalReport(report, { misses: options.quiet !== true })}`);
    console.log(siteMeasureLines(measures, markers.length, seconds(settledMs)));
    let viaMcp: ViaMcpComparison | undefined;
    if (options.via === 'mcp') {
      viaMcp = await evalViaMcp({
        serviceUrl: url,
        apiKey: service.apiKey,
        agentId: service.agentId,
        datastoreId: service.datastoreId,
        client,
        questions,
        direct: report,
        ...(options.concurrency === undefined ? {} : { concurrency: options.concurrency }),
      });
      console.log(`\n${formatViaMcp(viaMcp)}`);
    }
    const ablation: AblationRow[] = [];
    for (const stagesOff of options.ablate ?? []) {
      const again = createServiceClient(
        await startServe(dataDir as string, stagesOff),
        service.apiKey,
        fetch,
      );
      const { summary } = await runEval({
        client: again,
        agentId: service.agentId,
        questions,
        ...(options.concurrency === undefined ? {} : { concurrency: options.concurrency }),
      });
      ablation.push({ stagesOff, summary });
      console.log(ablationLine(stagesOff, summary));
    }
    if (options.json !== undefined) {
      await writeFile(
        path.resolve(options.json),
        `${JSON.stringify({ ...measures, ...report, ...(viaMcp ? { viaMcp } : {}), ...(typedSearch ? { typedSearch } : {}), ...(ablation.length > 0 ? { ablation } : {}) }, null, 2)}\n`,
      );
      console.log(`Full report: ${path.resolve(options.json)}`);
    }
    return { report, measures };
  } finally {
    if (serve) await stop(serve);
    await site.close();
    if (dataDir !== undefined) await rm(dataDir, { recursive: true, force: true });
    if (staging !== undefined) await rm(staging, { recursive: true, force: true });
  }
}
