import { setTimeout as sleep } from 'node:timers/promises';
import { atMost, BUDGETS, type BudgetCheck, holds } from './budgets.js';
import { type BenchChild, startChild } from './children.js';
import { count, kb, mb, ms, round3 } from './format.js';
import { elapsedMs, summarize } from './percentiles.js';
import type { SectionResult } from './report.js';
import { createLoadAgent, openMany, type StreamRequest } from './sse-load-client.js';

/** Options of the concurrency benchmark. */
export interface ConcurrencyBenchOptions {
  /** Streams held open at once. */
  streams: number;
  /** Streams at most waiting for their first event while ramping up. */
  rampConcurrency: number;
  /** Upstream pause between fragments once released, ms. */
  tickMs: number;
  /** Fragments per stream (after the release a stream lasts about fragments × tickMs). */
  fragments: number;
  /** How long upstream sockets may take to reach zero after every client aborted, ms. */
  drainTimeoutMs: number;
  /** Log every BFF request (pino, info, into /dev/null). */
  logRequests: boolean;
}

const agentId = 'bench-agent';

function request(base: string, index: number): StreamRequest {
  return {
    url: `${base}/api/agents/${agentId}/query`,
    body: JSON.stringify({
      query: 'Hold this stream open, please.',
      visitorId: `bench-visitor-${index}`,
      streaming: true,
    }),
  };
}

/**
 * Concurrency: `streams` streams held open through the BFF against a slow upstream.
 * The upstream sends one fragment, then holds every stream until all are open. Phase 1
 * measures the peak (time to first event, BFF memory per stream), releases the upstream and
 * lets every stream complete (completions, errors); phase 2 opens them again and aborts every client once all are
 * streaming, then watches the upstream's sockets return to zero.
 */
export async function benchConcurrency(options: ConcurrencyBenchOptions): Promise<SectionResult> {
  const children: BenchChild[] = [];
  try {
    const upstream = await startChild({
      kind: 'upstream',
      options: { fragments: options.fragments, tickMs: options.tickMs, held: true },
      // Idle upstream sockets stay open for 2 minutes, so "zero sockets" proves the BFF
      // closed them, not the upstream's keep-alive timer.
      keepAliveTimeoutMs: 120_000,
    });
    children.push(upstream);
    const bff = await startChild({
      kind: 'bff',
      options: { upstreamUrl: upstream.url, logRequests: options.logRequests },
    });
    children.push(bff);

    // Warm-up: exercise the stream path (JIT, pools) without waiting for slow streams to end.
    const warmAgent = createLoadAgent();
    const warm = await openMany({
      count: 100,
      rampConcurrency: 50,
      agent: warmAgent,
      request: (index) => request(bff.url, index),
    });
    for (const handle of warm.handles) handle.abort();
    warmAgent.destroy();
    await waitFor(async () => (await upstream.stats()).upstream?.activeStreams === 0, 10_000);
    const base = await bff.stats({ gc: true });

    // Phase 1: hold them all open (measuring memory half-way and at the peak), then let
    // them complete.
    const agent = createLoadAgent();
    const half = Math.floor(options.streams / 2);
    const firstHalf = await openMany({
      count: half,
      rampConcurrency: options.rampConcurrency,
      agent,
      request: (index) => request(bff.url, index),
    });
    const halfBff = await bff.stats({ gc: true });
    const secondHalf = await openMany({
      count: options.streams - half,
      firstIndex: half,
      rampConcurrency: options.rampConcurrency,
      agent,
      request: (index) => request(bff.url, index),
    });
    const phase1 = {
      handles: [...firstHalf.handles, ...secondHalf.handles],
      rampMs: firstHalf.rampMs + secondHalf.rampMs,
    };
    const peakBff = await bff.stats({ gc: true });
    const peakUpstream = await upstream.stats();
    await upstream.control('release');
    const outcomes = await Promise.all(phase1.handles.map((handle) => handle.finished));
    agent.destroy();
    const completions = outcomes.filter((outcome) => outcome.done).length;
    const failures = outcomes.filter((outcome) => !outcome.done);
    const ttfe = summarize(outcomes.flatMap((o) => (o.ttfeMs === undefined ? [] : [o.ttfeMs])));
    const peakStreams = peakUpstream.upstream?.activeStreams ?? 0;
    const bytesPerStream = (peakBff.rss - base.rss) / options.streams;
    const heapPerStream = (peakBff.heapUsed - base.heapUsed) / options.streams;
    const marginalBytes = (peakBff.rss - halfBff.rss) / (options.streams - half);

    // Phase 2: open them again, then every client goes away at once.
    await upstream.control('hold');
    const abortAgent = createLoadAgent();
    const phase2 = await openMany({
      count: options.streams,
      rampConcurrency: options.rampConcurrency,
      agent: abortAgent,
      request: (index) => request(bff.url, index),
    });
    const beforeAbort = await upstream.stats();
    const abortStart = process.hrtime.bigint();
    for (const handle of phase2.handles) handle.abort();
    const phase2Outcomes = await Promise.all(phase2.handles.map((handle) => handle.finished));
    abortAgent.destroy();
    const phase2Errors = phase2Outcomes.filter((o) => !o.aborted && !o.done).length;
    const drained = await waitFor(async () => {
      const stats = await upstream.stats();
      return stats.connections === 0 && stats.upstream?.activeStreams === 0;
    }, options.drainTimeoutMs);
    const drainMs = elapsedMs(abortStart);
    const afterAbort = await upstream.stats();
    const bffAfter = await bff.stats();

    const errors = failures.length + phase2Errors;
    const errorSamples = [
      ...new Set(failures.map((outcome) => outcome.error ?? 'unknown').slice(0, 200)),
    ].slice(0, 5);
    const checks: BudgetCheck[] = [
      holds(
        `${count(options.streams)} streams held open at once`,
        `= ${count(options.streams)}`,
        count(peakStreams),
        peakStreams >= options.streams,
      ),
      atMost('Stream errors', errors, 0, count),
      atMost('BFF RSS per open stream (marginal)', marginalBytes, BUDGETS.bytesPerStream, kb),
      holds(
        'Upstream sockets after every client aborted',
        `0 within ${ms(options.drainTimeoutMs)}`,
        drained
          ? `0 after ${ms(drainMs)}`
          : `${afterAbort.connections} sockets, ${afterAbort.upstream?.activeStreams} streams`,
        drained,
      ),
    ];
    const [heldCheck, errorCheck, memoryCheck, drainCheck] = checks;
    return {
      title: `Concurrency: ${count(options.streams)} streams through the BFF, slow upstream`,
      figures: [
        {
          figure: 'streams open at the peak (upstream)',
          value: count(peakStreams),
          check: heldCheck!,
        },
        { figure: 'ramp-up time', value: ms(phase1.rampMs) },
        { figure: 'completions', value: `${count(completions)} / ${count(options.streams)}` },
        { figure: 'errors', value: count(errors), check: errorCheck! },
        {
          figure: 'TTFE p50 / p90 / p99 / max',
          value: `${ms(ttfe.p50)} / ${ms(ttfe.p90)} / ${ms(ttfe.p99)} / ${ms(ttfe.max)}`,
        },
        {
          figure: 'BFF RSS idle → half → peak',
          value: `${mb(base.rss)} → ${mb(halfBff.rss)} → ${mb(peakBff.rss)}`,
        },
        { figure: 'BFF RSS per stream (marginal)', value: kb(marginalBytes), check: memoryCheck! },
        { figure: 'BFF RSS per stream (average)', value: kb(bytesPerStream) },
        { figure: 'BFF heap per stream', value: kb(heapPerStream) },
        {
          figure: 'upstream streams before abort',
          value: count(beforeAbort.upstream?.activeStreams ?? 0),
        },
        {
          figure: 'upstream sockets after abort',
          value: count(afterAbort.connections),
          check: drainCheck!,
        },
      ],
      checks,
      notes: [
        `slow upstream: the first fragment at once, then every stream is held until all ${count(options.streams)} are open, then ${options.fragments - 1} more fragments one every ${ms(options.tickMs)}; upstream keep-alive timeout 120 s`,
        `clients ramp with at most ${options.rampConcurrency} streams waiting for their first event; each stream has its own visitorId; BFF limits raised out of the way`,
        `RSS is read after a forced GC. Marginal per stream = (RSS at the peak − RSS with half the streams open) / (the other half): what one more stream costs. Average = (RSS at the peak − RSS after warm-up) / streams, which also carries one-off growth (V8 young generation, pools)`,
        `BFF sockets after abort: ${bffAfter.connections}`,
        ...errorSamples.map((sample) => `error: ${sample}`),
      ],
      data: {
        options,
        peakStreams,
        rampMs: round3(phase1.rampMs),
        completions,
        errors,
        errorSamples,
        ttfeMs: ttfe,
        bffRss: { idle: base.rss, half: halfBff.rss, peak: peakBff.rss },
        marginalBytesPerStream: Math.round(marginalBytes),
        bffHeap: { idle: base.heapUsed, peak: peakBff.heapUsed },
        bytesPerStream: Math.round(bytesPerStream),
        heapBytesPerStream: Math.round(heapPerStream),
        upstreamBeforeAbort: beforeAbort,
        upstreamAfterAbort: afterAbort,
        drainedToZero: drained,
        drainMs: round3(drainMs),
        bffConnectionsAfterAbort: bffAfter.connections,
      },
    };
  } finally {
    await Promise.all(children.map((child) => child.stop()));
  }
}

async function waitFor(condition: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await condition()) return true;
    await sleep(50);
  }
  return condition();
}
