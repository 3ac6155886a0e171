import { execFile } from 'node:child_process';
import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { chromium } from 'playwright-core';
import { measureWidget } from '../scripts/widget-sizes.mjs';
import { atMost, BUDGETS, type BudgetCheck, holds } from './budgets.js';
import { type BenchChild, startChild } from './children.js';
import { count, kb, ms, ratio, round3 } from './format.js';
import { formatSpread, measure, repeatUntilSteady } from './measurement.js';
import type { SectionResult } from './report.js';

/** Options of the widget benchmark. */
export interface WidgetBenchOptions {
  /** Answer fragments streamed into the widget. */
  fragments: number;
  /** Fragments the upstream writes per tick. */
  fragmentsPerTick: number;
  /** Pause between ticks, ms. */
  tickMs: number;
  /** Chromium executable. */
  chromiumPath: string;
  /** Build the widget first even when a build exists. */
  rebuild: boolean;
  /** Answers streamed at least, and at most, until the median per fragment is steady (< 5 %). */
  minRuns: number;
  maxRuns: number;
}

const widgetDir = fileURLToPath(new URL('../packages/widget/dist', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}

async function ensureBuilt(rebuild: boolean): Promise<void> {
  if (!rebuild && (await exists(join(widgetDir, 'widget.js')))) return;
  await promisify(execFile)('npm', ['run', 'build', '-w', '@agent-chat/widget'], {
    cwd: repoRoot,
    maxBuffer: 16 * 1024 * 1024,
  });
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  /** Thread (CPU) time of the event, µs, when the trace has it. */
  tdur?: number;
  args?: { name?: string };
}

/** Main-thread busy time and longest task of the renderer, from a Chromium trace. */
export function mainThreadTasks(trace: { traceEvents: TraceEvent[] }): {
  busyMs: number;
  /** CPU time of the same tasks on their thread (excludes time the thread was preempted). */
  busyCpuMs: number;
  longestMs: number;
  /** The longest task's CPU time on its thread (excludes time the thread was preempted). */
  longestCpuMs: number;
  tasks: number;
  over50ms: number;
} {
  const mains = new Set(
    trace.traceEvents
      .filter(
        (event) =>
          event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain',
      )
      .map((event) => `${event.pid}:${event.tid}`),
  );
  const tasks = trace.traceEvents
    .filter(
      (event) =>
        event.ph === 'X' &&
        (event.name === 'RunTask' || event.name === 'ThreadControllerImpl::RunTask') &&
        mains.has(`${event.pid}:${event.tid}`),
    )
    .sort((a, b) => a.ts - b.ts);
  let busy = 0;
  let busyCpu = 0;
  let longest = 0;
  let longestCpu = 0;
  let counted = 0;
  let over50 = 0;
  let end = Number.NEGATIVE_INFINITY;
  for (const task of tasks) {
    const duration = task.dur ?? 0;
    if (task.ts < end) continue; // nested inside the previous top-level task
    end = task.ts + duration;
    busy += duration;
    busyCpu += task.tdur ?? duration;
    counted += 1;
    if (duration > 50_000) over50 += 1;
    longest = Math.max(longest, duration);
    longestCpu = Math.max(longestCpu, task.tdur ?? duration);
  }
  return {
    busyMs: busy / 1000,
    busyCpuMs: busyCpu / 1000,
    longestMs: longest / 1000,
    longestCpuMs: longestCpu / 1000,
    tasks: counted,
    over50ms: over50,
  };
}

/** How a built file loads, for the notes: at first paint, with its page's language, or lazily. */
function loads(file: { firstPaint: boolean; locale: boolean }): string {
  if (file.firstPaint) return '';
  return file.locale ? ' (its language)' : ' (lazy)';
}

/**
 * Widget: gzip sizes of the loader, of the panel's first paint and of the whole widget, then,
 * in headless Chromium, the renderer's main-thread time (in all and per answer fragment) and
 * longest task while a long markdown answer streams in.
 */
export async function benchWidget(options: WidgetBenchOptions): Promise<SectionResult> {
  await ensureBuilt(options.rebuild);
  const sizes = measureWidget(widgetDir);
  let site: BenchChild | undefined;
  const browser = await chromium.launch({
    executablePath: options.chromiumPath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
  try {
    site = await startChild({
      kind: 'widget-page',
      options: {
        widgetDir,
        upstream: {
          fragments: options.fragments,
          style: 'markdown',
          tickMs: options.tickMs,
          fragmentsPerTick: options.fragmentsPerTick,
        },
      },
    });
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(site.url, { waitUntil: 'load' });
    await page.waitForFunction(() => 'AgentChat' in window, undefined, { timeout: 10_000 });
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const api = (
            window as unknown as { AgentChat: { open(): void; on(e: string, f: () => void): void } }
          ).AgentChat;
          api.on('open', () => resolve());
          api.open();
        }),
    );
    await page.waitForTimeout(300); // let the lazily loaded panel settle before tracing
    /** Traces `work` in the page and returns the renderer main thread's tasks. */
    const traced = async <T>(work: () => Promise<T>) => {
      await browser.startTracing(page, {
        categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel'],
      });
      const started = Date.now();
      const result = await work();
      const elapsed = Date.now() - started;
      const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as {
        traceEvents: TraceEvent[];
      };
      return { result, elapsed, main: mainThreadTasks(trace) };
    };
    /** One answer streamed into the widget (reset first, so every run renders the same). */
    const widgetAnswer = () =>
      traced(() =>
        page.evaluate(async () => {
          const api = (
            window as unknown as {
              AgentChat: {
                reset(): void;
                send(text: string): Promise<void>;
                on(e: string, f: (d: Record<string, unknown>) => void): void;
              };
            }
          ).AgentChat;
          let error: string | undefined;
          api.on('error', (detail) => {
            error = JSON.stringify(detail);
          });
          await api.send('Explain the benchmark, with examples.');
          await new Promise((resolve) =>
            requestAnimationFrame(() => requestAnimationFrame(resolve)),
          );
          api.reset();
          return { error };
        }),
      );
    /** The reference: the same stream read with fetch and appended as plain text to a node. */
    const plainAppend = () =>
      traced(() =>
        page.evaluate(async () => {
          const target = document.createElement('pre');
          document.body.append(target);
          const response = await fetch('/api/agents/bench-agent/query', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ query: 'Explain the benchmark.', streaming: true }),
          });
          const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
          for (;;) {
            const { done, value } = await reader.read();
            if (done) break;
            target.append(value);
          }
          await new Promise((resolve) =>
            requestAnimationFrame(() => requestAnimationFrame(resolve)),
          );
          target.remove();
        }),
      );
    const runs: Awaited<ReturnType<typeof widgetAnswer>>[] = [];
    const references: number[] = [];
    // The budgeted figure: each answer's main-thread time per fragment over the plain
    // append's right after it, repeated until its median is steady.
    const perFragmentRatio = await repeatUntilSteady(
      async () => {
        const run = await widgetAnswer();
        runs.push(run);
        const plain = (await plainAppend()).main.busyMs / options.fragments;
        references.push(plain);
        return run.main.busyMs / options.fragments / plain;
      },
      { minRuns: options.minRuns, maxRuns: options.maxRuns },
    );
    const perFragment = measure(runs.map((run) => run.main.busyMs / options.fragments));
    const reference = measure(references);
    // The run whose per-fragment time is the median stands for the others in the table.
    const typical =
      runs.find((run) => run.main.busyMs / options.fragments === perFragment.median) ??
      runs.sort((left, right) => left.main.busyMs - right.main.busyMs)[runs.length >> 1]!;
    const { main, elapsed: streamMs } = typical;
    const outcome = { error: runs.find((run) => run.result.error)?.result.error };
    const longest = measure(runs.map((run) => run.main.longestMs));
    const perFragmentMs = perFragment.median;
    const upstream = (await site.stats()).upstream;
    const completed =
      upstream?.streamsCompleted === runs.length + references.length && outcome.error === undefined;

    const checks: BudgetCheck[] = [
      atMost('Widget loader gzip', sizes.loader, BUDGETS.widgetLoaderGzipBytes, kb),
      atMost('Panel first paint gzip', sizes.firstPaint, BUDGETS.widgetFirstPaintGzipBytes, kb),
      atMost('Whole widget gzip', sizes.total, BUDGETS.widgetTotalGzipBytes, kb),
      holds(
        `${count(options.fragments)}-fragment answer streamed into the widget`,
        'complete',
        completed ? 'complete' : `incomplete${outcome.error ? ` (${outcome.error})` : ''}`,
        completed,
      ),
      atMost('Longest main-thread task while streaming', longest, BUDGETS.longestTaskMs, ms),
      atMost(
        'Main-thread time per answer fragment, widget / plain text append',
        perFragmentRatio,
        BUDGETS.widgetToPlainAppendRatio,
        ratio,
      ),
    ];
    const [loaderCheck, firstPaintCheck, totalCheck, completeCheck, taskCheck, perFragmentCheck] =
      checks;
    return {
      title: 'Widget',
      figures: [
        { figure: 'loader (widget.js) gzip', value: kb(sizes.loader), check: loaderCheck! },
        {
          figure: 'panel first paint gzip',
          value: kb(sizes.firstPaint),
          check: firstPaintCheck!,
        },
        { figure: 'whole widget gzip', value: kb(sizes.total), check: totalCheck! },
        {
          figure: `answer of ${count(options.fragments)} fragments`,
          value: `${ms(streamMs)} to stream`,
          check: completeCheck!,
        },
        {
          figure: 'main-thread busy while streaming',
          value: `${ms(main.busyMs)} (${Math.round((main.busyMs / streamMs) * 100)} %), CPU ${ms(main.busyCpuMs)}`,
        },
        {
          figure: 'main-thread tasks / over 50 ms',
          value: `${count(main.tasks)} / ${count(main.over50ms)}`,
        },
        {
          figure: 'main-thread time per fragment, median',
          value: `${round3(perFragmentMs)} ms (CPU ${round3(main.busyCpuMs / options.fragments)} ms; ${BUDGETS.mainThreadMsPerFragment} ms on a quiet machine)`,
        },
        {
          figure: 'plain text append of the same stream, per fragment',
          value: `${round3(reference.median)} ms (${formatSpread(reference, (value) => `${round3(value)}`)})`,
        },
        {
          figure: 'widget / plain text append, per fragment (median of answers)',
          value: ratio(perFragmentRatio.median),
          check: perFragmentCheck!,
        },
        { figure: 'longest task, median', value: ms(longest.median), check: taskCheck! },
        { figure: 'longest task, CPU time on its thread', value: ms(main.longestCpuMs) },
      ],
      checks,
      notes: [
        `sizes: gzip -9 of dist/widget.js and of every .js/.css in dist/assets (${sizes.files
          .map((file) => `${file.file} ${kb(file.gzip)}${loads(file)}`)
          .join(
            ', ',
          )}); first paint = loader + panel chunk + its static imports + the largest locale chunk (a page loads one language)`,
        `Chromium ${browser.version()} headless; answer: markdown (headings, emphasis, code, links, lists, fenced code), ${options.fragmentsPerTick} fragments every ${options.tickMs} ms, same-origin endpoint; tasks read from a devtools.timeline trace of the renderer main thread, from send() to the answer's last frame; repeated (the widget reset between answers) until the median of the widget / plain append ratio is steady (noise < 5 %) or ${options.maxRuns} answers, ${runs.length} here; the reference, after each answer: the same stream read with fetch and appended as plain text to a <pre>, traced alike`,
        ...pageErrors.slice(0, 3).map((message) => `page error: ${message}`),
      ],
      data: {
        options,
        gzipBytes: {
          loader: sizes.loader,
          firstPaint: sizes.firstPaint,
          total: sizes.total,
          files: Object.fromEntries(sizes.files.map((file) => [file.file, file.gzip])),
        },
        mainThreadMsPerFragment: round3(perFragmentMs),
        mainThreadMsPerFragmentRuns: perFragment.samples.map(round3),
        plainAppendMsPerFragmentRuns: reference.samples.map(round3),
        widgetToPlainAppendRatio: round3(perFragmentRatio.median),
        widgetToPlainAppendRatioRuns: perFragmentRatio.samples.map(round3),
        streamMs,
        mainThread: {
          ...main,
          busyMs: round3(main.busyMs),
          busyCpuMs: round3(main.busyCpuMs),
          longestMs: round3(main.longestMs),
          longestCpuMs: round3(main.longestCpuMs),
        },
        completed,
        pageErrors,
      },
    };
  } finally {
    await browser.close();
    await site?.stop();
  }
}
