import { execFile } from 'node:child_process';
import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { chromium } from 'playwright-core';
import { measureWidget } from '../scripts/widget-sizes.mjs';
import { atMost, BUDGETS, type BudgetCheck, holds } from './budgets.js';
import { type BenchChild, startChild } from './children.js';
import { count, kb, ms, round3 } from './format.js';
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
    await browser.startTracing(page, {
      categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel'],
    });
    const started = Date.now();
    const outcome = await page.evaluate(async () => {
      const api = (
        window as unknown as {
          AgentChat: {
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
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      return { error };
    });
    const streamMs = Date.now() - started;
    const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as {
      traceEvents: TraceEvent[];
    };
    const main = mainThreadTasks(trace);
    const perFragmentMs = main.busyMs / options.fragments;
    const upstream = (await site.stats()).upstream;
    const completed = upstream?.streamsCompleted === 1 && outcome.error === undefined;

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
      atMost('Longest main-thread task while streaming', main.longestMs, BUDGETS.longestTaskMs, ms),
      atMost(
        'Main-thread time per answer fragment',
        perFragmentMs,
        BUDGETS.mainThreadMsPerFragment,
        (value) => `${round3(value)} ms`,
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
          figure: 'main-thread time per fragment',
          value: `${round3(perFragmentMs)} ms (CPU ${round3(main.busyCpuMs / options.fragments)} ms)`,
          check: perFragmentCheck!,
        },
        { figure: 'longest task', value: ms(main.longestMs), check: taskCheck! },
        { figure: 'longest task, CPU time on its thread', value: ms(main.longestCpuMs) },
      ],
      checks,
      notes: [
        `sizes: gzip -9 of dist/widget.js and of every .js/.css in dist/assets (${sizes.files
          .map((file) => `${file.file} ${kb(file.gzip)}${loads(file)}`)
          .join(
            ', ',
          )}); first paint = loader + panel chunk + its static imports + the largest locale chunk (a page loads one language)`,
        `Chromium ${browser.version()} headless; answer: markdown (headings, emphasis, code, links, lists, fenced code), ${options.fragmentsPerTick} fragments every ${options.tickMs} ms, same-origin endpoint; tasks read from a devtools.timeline trace of the renderer main thread, from send() to the answer's last frame`,
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
