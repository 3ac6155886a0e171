/**
 * `npm run eval -- <squad-file> [flags]`: retrieval and answer quality of the agent
 * service on a SQuAD-format file, through its public HTTP API.
 * `npm run eval -- --site <set folder>`: answers on a documentation site (see `site.ts`).
 * `npm run eval -- --sites all|a,b`: every development set, one table (see `sites.ts`).
 * `--via mcp` with either: the same questions through the agent's MCP server too (`via-mcp.ts`).
 * `--keep-data=DIR` / `--data=DIR` with either: ingest once and keep, then replay on a copy
 * of what was kept, nothing ingested (`kept-data.ts`).
 *
 * An in-process agent service (in-memory PGlite, extractive answerer) listens on
 * loopback; every paragraph becomes one document (named after its article), every
 * question is asked with `POST /api/agents/{id}/query`, and the paragraph's datasource is
 * looked for in `sources`. Then distractor documents are added up to each size of the
 * scaling table and a sample of the questions is asked again.
 */
import { parseArgs } from 'node:util';
import { createPgliteDatabase, STAGE_NAMES } from '@agent-chat/agent-service';
import {
  createDistractorFactory,
  createSentenceDistractorFactory,
  SECTIONS_PER_DISTRACTOR,
} from './distractors.js';
import {
  type AskResult,
  askQuestions,
  type EvalClient,
  loadDocuments,
  reopenEvalService,
  startEvalService,
} from './evaluate.js';
import { runSiteEval } from './site.js';
import { knownSiteSets, runSites, selectSiteSets } from './sites.js';
import { type EvalQuestion, loadSquad } from './squad.js';

const usage = `usage: npm run eval -- <squad-file.json> [--questions=N] [--sizes=10000,50000,100000] [--scale-questions=N] [--quick]
       [--folds] [--embeddings-url=URL --embeddings-model=NAME]
       [--stages-off=STAGE,…] [--ablate=all|STAGE,…]
       npm run eval -- --site <set folder> [--json=FILE] [--concurrency=N] [--quiet] [--via=mcp]
                       [--ablate=all|STAGE,…] [--search] [--keep-data=DIR | --data=DIR]
       npm run eval -- --sites all|NAME,… [--json=FOLDER] [--concurrency=N] [--quiet] [--via=mcp] [--search]
                       [--keep-data=DIR | --data=DIR]

  --site             a documentation-site set (serve-site.mjs, questions.json): serves it, starts a
                     fresh service with the CLI, ingests the sitemap with "agent-chat-service ingest"
                     and scores the answers as "agent-chat-service eval" does
  --sites            every development set one after another (all: ../shared/eval/site-dev, site-dev-2,
                     then each eval/sites/<name>; or names / set folders, comma-separated), then one
                     table: per site source@1, source@3, section@3, phrase, declined, refused,
                     boilerplate, first correct answer, and the mean of the per-site percentages
  --json             (--site) also write the full report here; (--sites) a folder (created): one <name>.json each
  --concurrency      (--site) questions asked at once (default 4)
  --quiet            (--site) no line per miss
  --via mcp          (--site, --sites) then the same questions through the agent's MCP server
                     (POST /api/agents/{id}/mcp, the official SDK's client): each searched with
                     search_docs and with the datastore query route, each asked with ask_question
                     (the query route's answers are the report's), all scored alike; the two ways'
                     figures side by side and the questions scored differently, if any
  --search           (--site, --sites) first the ⌘K search as typed: each question's first 3 and 5
                     words and all of it through POST /api/agents/{id}/search (last word a prefix);
                     a hit is the expected page#heading in the first 5 results; beside it the
                     datastore search's source@5 on the whole question, which the full query must reach
  --ablate           (--site) then the questions again once per stage switched off (all: each stage
                     of the ranking pipeline; a+b: two together), on the same data, one line each
  --keep-data        (--site, --sites) ingest once, replay later: each set's service data, just after its
                     ingest, is kept in DIR/<set>/ (data/ and eval-data.json: API key, agent and datastore
                     ids, the ingest's figures, the commit it was ingested at); refused when DIR/<set>
                     exists (never overwritten, checked before anything runs). The questions are then
                     asked of a copy of it, as --data asks them
  --data             (--site, --sites) ingest nothing: each set's questions are asked of a fresh copy of
                     DIR/<set>/data (kept with --keep-data; the kept folder is only read, several runs may
                     use it at once), served by this code, which migrates the copy. The set is still
                     served. Ingest figures printed are the kept ones, marked "kept", with the commit
                     they were ingested at. Measures the query path only: a change to what ingest
                     stores (crawl, extraction, chunking, the index's terms) needs --keep-data again
  --stages-off       (SQuAD) ranking stages switched off for the whole run (RANKING_STAGES_OFF)
  --ablate           (SQuAD) after each row of the hard table, its questions again on a snapshot of
                     the same data: once with every stage on, then once per stage set switched off,
                     one line each; the p50 column is then what each stage costs the query route

  --questions        questions asked on the set itself (default: all)
  --sizes            total chunks of the scaling table, comma-separated; "none" skips it
                     (default 10000,50000,100000)
  --hard-sizes       total chunks of the second scaling table, on a fresh service, whose
                     distractors are 3–7 sentences drawn from the set's own paragraphs (so
                     thousands of chunks hold a question's words); "none" skips it
                     (default 10000,50000; add 250000 for the sub-linear check, ~2 min more)
  --scale-questions  questions asked at each size (default 300)
  --quick            --questions=500 --sizes=10000 --hard-sizes=10000 --scale-questions=100
  --folds            also asks the questions of even and of odd articles apart (two rows): tune a
                     change on one fold, keep it only if the other gains too
  --embeddings-url   an OpenAI-compatible /v1/embeddings API (default: env EMBEDDINGS_URL): every
                     row is measured twice, lexical and hybrid (a second service with embeddings)
  --embeddings-model its model (default: env EMBEDDINGS_MODEL); key: env EMBEDDINGS_API_KEY`;

/** `--ablate=all` → each stage alone; `a,b+c` → `[a]`, `[b, c]` (`+` joins stages switched off together). */
function stageSets(text: string): string[][] {
  if (text === 'all') return STAGE_NAMES.map((name) => [name]);
  return text
    .split(',')
    .map((entry) =>
      entry
        .split('+')
        .map((name) => name.trim())
        .filter((name) => name !== ''),
    )
    .filter((names) => names.length > 0);
}

function positiveInteger(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) {
    throw new Error(`--${name} must be a positive integer (got "${raw}").\n${usage}`);
  }
  return value;
}

/** Spreads a sample over the whole set (every article), the same one every run. */
function sample<T>(items: readonly T[], count: number): T[] {
  if (count >= items.length) return [...items];
  const step = items.length / count;
  return Array.from({ length: count }, (_, index) => items[Math.floor(index * step)] as T);
}

const percent = (value: number) => `${(value * 100).toFixed(1)} %`.padStart(8);
const fixed = (value: number) => value.toFixed(3).padStart(6);
const millis = (value: number) => `${value.toFixed(1)} ms`.padStart(9);

function row(label: string, result: AskResult): string {
  return [
    label.padEnd(22),
    String(result.questions).padStart(6),
    fixed(result.recallAt1),
    fixed(result.recallAt5),
    fixed(result.mrr),
    millis(result.latency.p50),
    millis(result.latency.p95),
    percent(result.answerHasGold),
    `${Math.round(result.answerChars)}`.padStart(7),
  ].join('  ');
}

const header = `${'corpus'.padEnd(22)}  ${'asked'.padStart(6)}  ${'R@1'.padStart(6)}  ${'R@5'.padStart(6)}  ${'MRR'.padStart(6)}  ${'p50'.padStart(9)}  ${'p95'.padStart(9)}  ${'gold in'.padStart(8)}  ${'answer'.padStart(7)}`;

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      questions: { type: 'string' },
      sizes: { type: 'string' },
      'hard-sizes': { type: 'string' },
      'scale-questions': { type: 'string' },
      quick: { type: 'boolean' },
      folds: { type: 'boolean' },
      'embeddings-url': { type: 'string' },
      'embeddings-model': { type: 'string' },
      site: { type: 'string' },
      sites: { type: 'string' },
      json: { type: 'string' },
      concurrency: { type: 'string' },
      quiet: { type: 'boolean' },
      ablate: { type: 'string' },
      via: { type: 'string' },
      search: { type: 'boolean' },
      'stages-off': { type: 'string' },
      'keep-data': { type: 'string' },
      data: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) {
    console.log(usage);
    return;
  }
  if (values.via !== undefined && values.via !== 'mcp') {
    throw new Error(`--via takes "mcp" (got "${values.via}").\n${usage}`);
  }
  if (values.via !== undefined && values.site === undefined && values.sites === undefined) {
    throw new Error(`--via mcp goes with --site or --sites.\n${usage}`);
  }
  if (values.search === true && values.site === undefined && values.sites === undefined) {
    throw new Error(`--search goes with --site or --sites.\n${usage}`);
  }
  for (const name of ['keep-data', 'data'] as const) {
    if (values[name] === undefined) continue;
    if (values.site === undefined && values.sites === undefined) {
      throw new Error(`--${name} goes with --site or --sites.\n${usage}`);
    }
    if (values[name] === '') throw new Error(`--${name} names a folder.\n${usage}`);
  }
  if (values['keep-data'] !== undefined && values.data !== undefined) {
    throw new Error(
      `Give --keep-data (ingest and keep) or --data (replay kept data), not both.\n${usage}`,
    );
  }
  const siteOptions = {
    ...(values.via === 'mcp' ? { via: 'mcp' as const } : {}),
    ...(values.search === true ? { search: true } : {}),
    ...(values['keep-data'] === undefined ? {} : { keepData: values['keep-data'] }),
    ...(values.data === undefined ? {} : { data: values.data }),
  };
  if (values.sites !== undefined) {
    const rows = await runSites(selectSiteSets(values.sites, knownSiteSets()), {
      ...(values.concurrency === undefined
        ? {}
        : { concurrency: positiveInteger('concurrency', values.concurrency, 4) }),
      ...(values.json === undefined ? {} : { jsonFolder: values.json }),
      ...(values.quiet ? { quiet: true } : {}),
      ...siteOptions,
    });
    if (rows.some((row) => row.error !== undefined)) process.exitCode = 1;
    return;
  }
  if (values.site !== undefined) {
    await runSiteEval(values.site, {
      ...(values.concurrency === undefined
        ? {}
        : { concurrency: positiveInteger('concurrency', values.concurrency, 4) }),
      ...(values.json === undefined ? {} : { json: values.json }),
      ...(values.quiet ? { quiet: true } : {}),
      ...(values.ablate === undefined ? {} : { ablate: stageSets(values.ablate) }),
      ...siteOptions,
    });
    return;
  }
  const file = positionals[0];
  if (!file) throw new Error(`Name a SQuAD-format file.\n${usage}`);
  const quick = values.quick === true;
  const set = await loadSquad(file);
  const questionCount = positiveInteger(
    'questions',
    values.questions,
    quick ? 500 : set.questions.length,
  );
  const scaleQuestions = positiveInteger(
    'scale-questions',
    values['scale-questions'],
    quick ? 100 : 300,
  );
  const sizesOf = (name: string, raw: string | undefined, fallback: string) =>
    raw === 'none'
      ? []
      : (raw ?? fallback)
          .split(',')
          .map((size) => positiveInteger(name, size.trim(), 0))
          .sort((left, right) => left - right);
  const sizes = sizesOf('sizes', values.sizes, quick ? '10000' : '10000,50000,100000');
  const hardSizes = sizesOf('hard-sizes', values['hard-sizes'], quick ? '10000' : '10000,50000');

  const embeddingsUrl = values['embeddings-url'] ?? process.env.EMBEDDINGS_URL;
  const embeddingsModel = values['embeddings-model'] ?? process.env.EMBEDDINGS_MODEL;
  if (embeddingsUrl && !embeddingsModel) {
    throw new Error(
      `Name the embeddings model (--embeddings-model or EMBEDDINGS_MODEL).\n${usage}`,
    );
  }
  const stagesOff = values['stages-off']?.split(',').map((name) => name.trim()) ?? [];
  const client = await startEvalService(undefined, stagesOff);
  // Hybrid: a second service, the same documents, its chunks embedded; rows side by side.
  const hybrid = embeddingsUrl
    ? {
        client: await startEvalService({
          url: embeddingsUrl,
          model: embeddingsModel as string,
          ...(process.env.EMBEDDINGS_API_KEY ? { apiKey: process.env.EMBEDDINGS_API_KEY } : {}),
          ...(process.env.EMBEDDINGS_DIMENSIONS
            ? { dimensions: Number(process.env.EMBEDDINGS_DIMENSIONS) }
            : {}),
        }),
        paragraphIds: [] as string[],
      }
    : undefined;
  const mode = hybrid ? ' lexical' : '';
  let closed = false;
  try {
    let start = performance.now();
    const documents = set.paragraphs.map((paragraph, index) => ({
      name: `${paragraph.title} ¶${index}`,
      text: `# ${paragraph.title}\n\n${paragraph.context}`,
    }));
    const paragraphIds = await loadDocuments(client, documents);
    if (hybrid) {
      const embedStart = performance.now();
      hybrid.paragraphIds = await loadDocuments(hybrid.client, documents);
      console.log(
        `hybrid: ${embeddingsModel} at ${new URL(embeddingsUrl as string).host}, loaded and embedded in ${((performance.now() - embedStart) / 1000).toFixed(1)} s`,
      );
    }
    const chunksOf = async () =>
      Number(
        (
          await client.service.database.query<{ count: string }>(
            'SELECT count(*) AS count FROM chunks',
          )
        )[0]?.count ?? 0,
      );
    let chunks = await chunksOf();
    console.log(
      `${file}: ${set.paragraphs.length} paragraphs (${chunks} chunks) loaded in ${((performance.now() - start) / 1000).toFixed(1)} s; asking ${Math.min(questionCount, set.questions.length)} of ${set.questions.length} questions\n`,
    );
    console.log(header);
    const asked = sample(set.questions, questionCount);
    console.log(row(`${chunks} chunks${mode}`, await askQuestions(client, asked, paragraphIds)));
    if (values.folds) {
      for (const [fold, name] of ['even', 'odd'].entries()) {
        const part = asked.filter((question) => question.article % 2 === fold);
        console.log(
          row(`  ${name} articles${mode}`, await askQuestions(client, part, paragraphIds)),
        );
      }
    }
    if (hybrid) {
      console.log(
        row(
          `${chunks} chunks hybrid`,
          await askQuestions(hybrid.client, asked, hybrid.paragraphIds),
        ),
      );
    }

    const makeDistractor = createDistractorFactory(
      set.paragraphs.map((paragraph) => paragraph.context),
    );
    let distractors = 0;
    const scaleSample = sample(set.questions, scaleQuestions);
    for (const size of sizes) {
      const missing = Math.ceil((size - chunks) / SECTIONS_PER_DISTRACTOR);
      if (missing > 0) {
        const documents = Array.from({ length: missing }, (_, index) =>
          makeDistractor(distractors + index),
        );
        distractors += missing;
        start = performance.now();
        await loadDocuments(client, documents);
        const seconds = (performance.now() - start) / 1000;
        if (hybrid) await loadDocuments(hybrid.client, documents);
        const before = chunks;
        chunks = await chunksOf();
        console.log(
          `  (+${chunks - before} distractor chunks in ${seconds.toFixed(1)} s, ${Math.round((chunks - before) / seconds)} chunks/s)`,
        );
      }
      console.log(
        row(`${chunks} chunks${mode}`, await askQuestions(client, scaleSample, paragraphIds)),
      );
      if (hybrid) {
        console.log(
          row(
            `${chunks} chunks hybrid`,
            await askQuestions(hybrid.client, scaleSample, hybrid.paragraphIds),
          ),
        );
      }
    }
    if (hardSizes.length > 0) {
      // A fresh service: the set alone, then only same-sentence distractors.
      await client.service.close();
      await hybrid?.client.service.close();
      closed = true;
      await hardScalingTable(
        set.paragraphs,
        documents,
        scaleSample,
        hardSizes,
        values.ablate === undefined ? [] : stageSets(values.ablate),
      );
    }
    console.log(
      '\nR@k: the paragraph a question was written on is among the first k datasources of a datastore search\n' +
        "(the agent's retrieval, 6 passages); MRR over them;\n" +
        'p50/p95: per query over HTTP at the client (retrieval + extractive answer + storing the exchange);\n' +
        'gold in: answers containing a gold answer (SQuAD normalisation); answer: mean characters.',
    );
  } finally {
    if (!closed) {
      await client.service.close();
      await hybrid?.client.service.close();
    }
  }
}

/**
 * The second scaling table: for each size, a fresh (lexical) service holding the set's
 * paragraphs and distractors made of the set's own sentences
 * (`createSentenceDistractorFactory`), the same sample of questions asked of each. The
 * paragraphs are spread evenly through the upload, so that they sit among the distractors
 * in the table's storage too: a search that keeps the first candidates it reads would
 * otherwise keep the set's paragraphs, uploaded first, and look better than it is.
 * With `ablate`, each size's questions are asked again per stage set switched off
 * ({@link ablationRows}).
 */
async function hardScalingTable(
  paragraphs: readonly { context: string }[],
  documents: readonly { name: string; text: string }[],
  questions: readonly EvalQuestion[],
  sizes: readonly number[],
  ablate: readonly (readonly string[])[],
): Promise<void> {
  console.log('\nsame-sentence distractors (3–7 sentences of the set each, ≤ 1,150 characters)');
  for (const size of sizes) {
    const makeDistractor = createSentenceDistractorFactory(
      paragraphs.map((paragraph) => paragraph.context),
    );
    const client = await startEvalService();
    try {
      // The set's paragraphs are about one chunk each.
      const distractors = Math.max(
        0,
        Math.ceil((size - documents.length) / SECTIONS_PER_DISTRACTOR),
      );
      const total = distractors + documents.length;
      const paragraphIds: string[] = [];
      const start = performance.now();
      let made = 0;
      let placed = 0;
      // In slices, so the upload never holds a quarter-million chunks' text at once.
      for (let first = 0; first < total; first += 5_000) {
        const slice: { name: string; text: string }[] = [];
        const isParagraph: boolean[] = [];
        for (let at = first; at < Math.min(total, first + 5_000); at += 1) {
          // Paragraph p goes at about p × total / paragraphs.
          const due =
            placed < documents.length && at >= Math.floor((placed * total) / documents.length);
          const paragraph = placed < documents.length && (due || made >= distractors);
          if (paragraph) {
            slice.push(documents[placed] as { name: string; text: string });
            placed += 1;
          } else {
            slice.push(makeDistractor(made));
            made += 1;
          }
          isParagraph.push(paragraph);
        }
        const ids = await loadDocuments(client, slice);
        ids.forEach((id, index) => {
          if (isParagraph[index]) paragraphIds.push(id);
        });
      }
      const seconds = (performance.now() - start) / 1000;
      const chunks = Number(
        (
          await client.service.database.query<{ count: string }>(
            'SELECT count(*) AS count FROM chunks',
          )
        )[0]?.count ?? 0,
      );
      console.log(
        `  (${chunks} chunks, ${made} distractor documents, loaded in ${seconds.toFixed(1)} s, ${Math.round(chunks / seconds)} chunks/s)`,
      );
      console.log(
        row(`${chunks} chunks hard`, await askQuestions(client, questions, paragraphIds)),
      );
      if (ablate.length > 0) await ablationRows(client, questions, paragraphIds, ablate);
    } finally {
      await client.service.close();
    }
  }
}

/**
 * The questions asked again of `client`'s data, each time of a fresh service opened on a
 * snapshot of its database: once with every ranking stage on (the reference, in the same
 * state as the rows after it: a service just opened on the snapshot, not one that has just
 * loaded the data), then once per entry of `ablate` with those stages switched off. One
 * line each; the p50 column is then what a stage costs the query route.
 */
async function ablationRows(
  client: EvalClient,
  questions: readonly EvalQuestion[],
  paragraphIds: readonly string[],
  ablate: readonly (readonly string[])[],
): Promise<void> {
  const loaded = client.service.database as { dump?: () => Promise<Blob> };
  if (!loaded.dump) throw new Error('--ablate needs the PGlite database (it is snapshotted).');
  const snapshot = await loaded.dump();
  for (const stagesOff of [[], ...ablate]) {
    const database = await createPgliteDatabase({ snapshot });
    const ablated = await reopenEvalService(client, database, stagesOff);
    try {
      const label = stagesOff.length === 0 ? '  every stage on' : `  − ${stagesOff.join(' + ')}`;
      console.log(row(label, await askQuestions(ablated, questions, paragraphIds)));
    } finally {
      await ablated.service.close();
    }
  }
}
main().catch((error: unknown) => {
  const cause =
    error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : '';
  console.error(`eval: ${error instanceof Error ? error.message : String(error)}${cause}`);
  process.exit(1);
});
