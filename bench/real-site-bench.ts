/**
 * The whole answer path on a real documentation site (issue 50): a Debian package's manual
 * (see `doc-site.ts`) ingested from its sitemap by the agent service, then questions made
 * from the pages' titles asked one at a time through `POST /api/agents/{id}/query` (JSON):
 * retrieval, the ranking pipeline and the extractive answer, per question, p50 and p95.
 */
import { access, readFile } from 'node:fs/promises';
import { atMost, BUDGETS } from './budgets.js';
import { startChild } from './children.js';
import {
  DOC_SITE_MANUALS,
  type Manual,
  questionFromTitle,
  serveDocSite,
  spread,
} from './doc-site.js';
import { count, ms, round3 } from './format.js';
import { elapsedMs, percentile, summarize } from './percentiles.js';
import { type SectionResult, skippedSection } from './report.js';

/** Options of the real-site benchmark. */
export interface RealSiteBenchOptions {
  /** The manuals that make the site (default `DOC_SITE_MANUALS`). */
  manuals?: readonly Manual[];
  /** Questions timed (spread over the pages), after `warmup` others. */
  questions: number;
  warmup: number;
}

const title = 'Answer path on a real site';

/**
 * Ingests the site from its sitemap into a fresh agent service (in-memory PGlite, the
 * extractive answerer), then times `questions` sequential JSON queries at the client.
 * Skips, saying how to install it, when the documentation package is missing.
 */
export async function benchRealSite(options: RealSiteBenchOptions): Promise<SectionResult> {
  const manuals = options.manuals ?? DOC_SITE_MANUALS;
  const missing: Manual[] = [];
  for (const manual of manuals) await access(manual.directory).catch(() => missing.push(manual));
  if (missing.length > 0) {
    return skippedSection(
      title,
      `${missing.map((manual) => manual.directory).join(', ')} missing: install the manuals with \`sudo apt-get install ${missing.map((manual) => manual.name).join(' ')}\` (Debian/Ubuntu), or point BENCH_DOC_SITE at a folder of HTML pages`,
    );
  }
  const site = await serveDocSite(manuals);
  const service = await startChild({ kind: 'agent-service', options: { allowPrivateUrls: true } });
  try {
    const apiKey = service.info.apiKey as string;
    const call = async <T>(method: string, route: string, body?: unknown): Promise<T> => {
      const response = await fetch(`${service.url}${route}`, {
        method,
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      if (!response.ok)
        throw new Error(`${method} ${route} answered ${response.status}: ${text.slice(0, 300)}`);
      return JSON.parse(text) as T;
    };
    const datastore = await call<{ id: string }>('POST', '/api/datastores', { name: 'Manual' });
    const agent = await call<{ id: string }>('POST', '/api/agents', {
      name: 'Manual agent',
      datastoreIds: [datastore.id],
    });

    const ingestStart = process.hrtime.bigint();
    const source = await call<{ id: string }>('POST', '/api/datasources', {
      datastoreId: datastore.id,
      type: 'web_site',
      name: 'Manual',
      config: { sitemap: site.sitemapUrl, max_pages: site.pages.length + 10 },
    });
    let status = '';
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      ({ status } = await call<{ status: string }>('GET', `/api/datasources/${source.id}`));
      if (status === 'synched' || status === 'error') break;
    }
    const ingestMs = elapsedMs(ingestStart);
    const chunks = (await service.stats()).counters?.chunks ?? Number.NaN;
    const indexedMs = elapsedMs(ingestStart);

    const titled: string[] = [];
    for (const file of site.files.values()) {
      const question = questionFromTitle(await readFile(file, 'utf8'));
      if (question) titled.push(question);
    }
    // Warm-up questions are every few of the spread, so both sets cover the whole site.
    const picked = spread(titled, options.questions + options.warmup);
    const step = Math.ceil(picked.length / Math.max(1, options.warmup));
    const warmups = picked.filter((_, index) => index % step === 0);
    const timed = picked.filter((_, index) => index % step !== 0);
    const route = `/api/agents/${agent.id}/query`;
    const ask = (query: string) =>
      call<{ answer: string; sources: unknown[] }>('POST', route, {
        query,
        visitorId: 'bench-visitor',
      });
    for (const query of warmups) await ask(query);
    const latencies: number[] = [];
    let answered = 0;
    const cpuBefore = (await service.stats()).cpuMicros;
    for (const query of timed) {
      const start = process.hrtime.bigint();
      const answer = await ask(query);
      latencies.push(elapsedMs(start));
      if (typeof answer.answer !== 'string') throw new Error('A query answered without an answer.');
      if (answer.sources.length > 0) answered += 1;
    }
    // The service's CPU time per question: what the answer path costs, whatever the load.
    const cpuMs = ((await service.stats()).cpuMicros - cpuBefore) / 1000 / timed.length;
    const latency = summarize(latencies);
    const p95 = percentile(
      [...latencies].sort((left, right) => left - right),
      95,
    );
    const p50Check = atMost(
      `answer p50 on a ${count(chunks)}-chunk real site`,
      latency.p50,
      BUDGETS.realSiteAnswerP50Ms,
      ms,
    );
    const p95Check = atMost(
      `answer p95 on a ${count(chunks)}-chunk real site`,
      p95,
      BUDGETS.realSiteAnswerP95Ms,
      ms,
    );
    return {
      title: `${title}: ${count(chunks)} chunks`,
      figures: [
        {
          figure: 'pages ingested from the sitemap',
          value: `${count(site.pages.length)} pages, ${count(chunks)} chunks in ${ms(ingestMs)} (${status}; index merged at ${ms(indexedMs)})`,
        },
        { figure: 'answer p50', value: ms(latency.p50), check: p50Check },
        { figure: 'answer p95', value: ms(p95), check: p95Check },
        {
          figure: 'answer mean / p99 / max',
          value: `${ms(latency.mean)} / ${ms(latency.p99)} / ${ms(latency.max)}`,
        },
        { figure: "service's CPU time per question", value: ms(cpuMs) },
        { figure: 'questions answered with sources', value: `${answered} of ${latencies.length}` },
      ],
      checks: [p50Check, p95Check],
      notes: [
        `site: the HTML manuals of Debian's ${manuals.map((manual) => manual.name).join(', ')}, served on loopback as one site with a sitemap of every page, ingested as one web_site datasource (in-memory PGlite, ALLOW_PRIVATE_URLS on), timed until synched`,
        `answers: ${latencies.length} sequential JSON POST /api/agents/:id/query (after ${warmups.length} warm-up questions), each "How do <page title> work?" of a page spread over the site, measured at the client: retrieval, the ranking pipeline, the extractive answer and storing the exchange; the service's CPU time per question (its process's user + system time over the timed questions) is the figure a busy machine inflates least`,
        `budgets: p50 ≤ ${BUDGETS.realSiteAnswerP50Ms} ms, p95 ≤ ${BUDGETS.realSiteAnswerP95Ms} ms per question (issue 50)`,
      ],
      data: {
        options: { ...options, manuals },
        pages: site.pages.length,
        chunks,
        status,
        ingestMs: round3(ingestMs),
        indexedMs: round3(indexedMs),
        answered,
        serviceCpuMsPerQuestion: round3(cpuMs),
        answerLatencyMs: { ...latency, p95 },
      },
    };
  } finally {
    await service.stop();
    await site.close();
  }
}
