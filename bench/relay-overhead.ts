import autocannon from 'autocannon';
import { atLeast, atMost, BUDGETS, type BudgetCheck } from './budgets.js';
import { type BenchChild, startChild } from './children.js';
import { count, ms, perSecond, ratio, round3 } from './format.js';
import { measure } from './measurement.js';
import { type Summary, summarize } from './percentiles.js';
import type { SectionResult } from './report.js';
import {
  createLoadAgent,
  openStream,
  runClosedLoop,
  type StreamRequest,
} from './sse-load-client.js';

/** Options of the relay-overhead benchmark. */
export interface RelayBenchOptions {
  /** autocannon connections for the JSON workload. */
  jsonConnections: number;
  /** Streams kept in flight for the streaming workload. */
  streamConcurrency: number;
  /** Measured time per target and round, ms. */
  durationMs: number;
  /** Unmeasured warm-up per target before its first round, ms. */
  warmupMs: number;
  /**
   * Rounds; targets run in alternating order. The budgeted ratios are taken per round
   * (BFF and pipe measured minutes apart at most) and their median is checked.
   */
  rounds: number;
  /** Answer fragments per stream. */
  fragments: number;
  /** Sequential streams per target for the time-to-first-event figures. */
  ttfeSamples: number;
  /** Log every BFF request (pino, info, into /dev/null). */
  logRequests: boolean;
}

type TargetName = 'direct' | 'pipe' | 'express' | 'bff' | 'mounted';

interface TargetResult {
  jsonRps: number;
  jsonLatencyP50Ms: number;
  jsonLatencyP99Ms: number;
  jsonErrors: number;
  /** CPU time of the serving process (the relay; the upstream for `direct`) per JSON request, µs. */
  jsonCpuMicros: number;
  streamRps: number;
  streamErrors: number;
  /** CPU time of the serving process per stream, µs. */
  streamCpuMicros: number;
  /** TCP connections the upstream accepted per stream relayed (0 = keep-alive reuse). */
  upstreamConnectionsPerStream: number;
  streamErrorSamples: string[];
  ttfe: Summary;
}

/** Per-round samples of the budgeted ratios. */
interface RoundRatios {
  json: number[];
  stream: number[];
}

const agentId = 'bench-agent';
const queryPath = `/api/agents/${agentId}/query`;

function streamRequest(base: string, index: number): StreamRequest {
  return {
    url: `${base}${queryPath}`,
    body: JSON.stringify({
      query: 'How fast is the relay?',
      visitorId: `bench-visitor-${index % 1000}`,
      streaming: true,
    }),
  };
}

async function jsonLoad(base: string, connections: number, durationMs: number) {
  const result = await autocannon({
    url: `${base}${queryPath}`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: 'How fast is the relay?', visitorId: 'bench-visitor' }),
    connections,
    duration: durationMs / 1000,
    timeout: 10,
  });
  return {
    requests: result['2xx'],
    rps: result['2xx'] / result.duration,
    latencyP50: result.latency.p50,
    latencyP99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

function orderOf(targets: TargetName[], round: number): TargetName[] {
  return round % 2 === 0 ? targets : [...targets].reverse();
}

async function assertWorks(name: TargetName, base: string, fragments: number): Promise<void> {
  const agent = createLoadAgent();
  try {
    const outcome = await openStream(streamRequest(base, 0), agent).finished;
    if (!outcome.done) throw new Error(`a test stream through ${name} failed: ${outcome.error}`);
    if (outcome.events < fragments + 2) {
      throw new Error(
        `a test stream through ${name} carried ${outcome.events} events, expected ${fragments + 2}`,
      );
    }
  } finally {
    agent.destroy();
  }
}

/**
 * Relay overhead: the same JSON and streaming workloads sent (a) straight to the fake
 * upstream, (b) through the bare pipe relay, (c) through the BFF as `agent-chat-bff` runs
 * it, and, to show what Express costs, (b′) the same pipe relay mounted in a bare Express 5
 * app and (c′) the BFF router mounted in a site's Express app. Each server runs in its own
 * process; the load runs in this one.
 */
export async function benchRelayOverhead(options: RelayBenchOptions): Promise<SectionResult> {
  const children: BenchChild[] = [];
  try {
    const upstream = await startChild({
      kind: 'upstream',
      options: { fragments: options.fragments },
    });
    children.push(upstream);
    const servers: Record<TargetName, BenchChild> = {
      direct: upstream,
      pipe: await startChild({ kind: 'pipe-relay', options: { upstreamUrl: upstream.url } }),
      express: await startChild({
        kind: 'pipe-relay',
        options: { upstreamUrl: upstream.url, inExpress: true },
      }),
      bff: await startChild({
        kind: 'bff',
        options: { upstreamUrl: upstream.url, logRequests: options.logRequests },
      }),
      mounted: await startChild({
        kind: 'bff',
        options: { upstreamUrl: upstream.url, logRequests: options.logRequests, mounted: true },
      }),
    };
    children.push(servers.pipe, servers.express, servers.bff, servers.mounted);
    const targets: TargetName[] = ['direct', 'pipe', 'express', 'bff', 'mounted'];
    const baseOf = (target: TargetName) => servers[target].url;
    for (const target of targets) await assertWorks(target, baseOf(target), options.fragments);
    /** Runs `work` and returns its result with the serving process's CPU time per item. */
    const measured = async <T>(
      target: TargetName,
      work: () => Promise<T>,
      itemsOf: (result: T) => number,
    ): Promise<{ result: T; cpuMicros: number }> => {
      const before = (await servers[target].stats()).cpuMicros;
      const result = await work();
      const after = (await servers[target].stats()).cpuMicros;
      return { result, cpuMicros: (after - before) / Math.max(1, itemsOf(result)) };
    };

    const emptyJson = () => ({
      rps: [] as number[],
      p50: [] as number[],
      p99: [] as number[],
      cpu: [] as number[],
      errors: 0,
    });
    const json: Record<TargetName, ReturnType<typeof emptyJson>> = {
      direct: emptyJson(),
      pipe: emptyJson(),
      express: emptyJson(),
      bff: emptyJson(),
      mounted: emptyJson(),
    };
    for (const target of targets)
      await jsonLoad(baseOf(target), options.jsonConnections, options.warmupMs);
    for (let round = 0; round < options.rounds; round += 1) {
      for (const target of orderOf(targets, round)) {
        const { result: run, cpuMicros } = await measured(
          target,
          () => jsonLoad(baseOf(target), options.jsonConnections, options.durationMs),
          (result) => result.requests,
        );
        json[target].rps.push(run.rps);
        json[target].p50.push(run.latencyP50);
        json[target].p99.push(run.latencyP99);
        json[target].cpu.push(cpuMicros);
        json[target].errors += run.errors;
      }
    }

    const emptyStreams = () => ({
      rps: [] as number[],
      cpu: [] as number[],
      errors: 0,
      samples: [] as string[],
      started: 0,
      accepted: 0,
    });
    const streams: Record<TargetName, ReturnType<typeof emptyStreams>> = {
      direct: emptyStreams(),
      pipe: emptyStreams(),
      express: emptyStreams(),
      bff: emptyStreams(),
      mounted: emptyStreams(),
    };
    const agent = createLoadAgent();
    try {
      const load = (target: TargetName, durationMs: number) =>
        runClosedLoop({
          concurrency: options.streamConcurrency,
          durationMs,
          agent,
          request: (index) => streamRequest(baseOf(target), index),
        });
      for (const target of targets) await load(target, options.warmupMs);
      for (let round = 0; round < options.rounds; round += 1) {
        for (const target of orderOf(targets, round)) {
          const acceptedBefore = (await upstream.stats()).connectionsAccepted;
          const { result: run, cpuMicros } = await measured(
            target,
            () => load(target, options.durationMs),
            (result) => result.completed,
          );
          streams[target].accepted += (await upstream.stats()).connectionsAccepted - acceptedBefore;
          streams[target].started += run.started;
          streams[target].rps.push(run.requestsPerSecond);
          streams[target].cpu.push(cpuMicros);
          streams[target].errors += run.errors;
          streams[target].samples.push(...run.errorSamples);
        }
      }

      // Time to first event without queueing: one stream at a time, targets interleaved so
      // all of them see the same machine state.
      const ttfe: Record<TargetName, number[]> = {
        direct: [],
        pipe: [],
        express: [],
        bff: [],
        mounted: [],
      };
      for (let index = 0; index < options.ttfeSamples; index += 1) {
        for (const target of targets) {
          const outcome = await openStream(streamRequest(baseOf(target), index), agent).finished;
          if (outcome.done && outcome.ttfeMs !== undefined) ttfe[target].push(outcome.ttfeMs);
          else streams[target].errors += 1;
        }
      }

      const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
      const results = Object.fromEntries(
        targets.map((target) => [
          target,
          {
            jsonRps: mean(json[target].rps),
            jsonLatencyP50Ms: mean(json[target].p50),
            jsonLatencyP99Ms: mean(json[target].p99),
            jsonErrors: json[target].errors,
            jsonCpuMicros: mean(json[target].cpu),
            streamRps: mean(streams[target].rps),
            upstreamConnectionsPerStream: streams[target].accepted / streams[target].started,
            streamErrors: streams[target].errors,
            streamCpuMicros: mean(streams[target].cpu),
            streamErrorSamples: streams[target].samples.slice(0, 5),
            ttfe: summarize(ttfe[target]),
          } satisfies TargetResult,
        ]),
      ) as Record<TargetName, TargetResult>;
      const perRound = (series: Record<TargetName, { rps: number[] }>) =>
        series.bff.rps.map((rate, round) => rate / series.pipe.rps[round]!);
      return report(results, { json: perRound(json), stream: perRound(streams) }, options);
    } finally {
      agent.destroy();
    }
  } finally {
    await Promise.all(children.map((child) => child.stop()));
  }
}

function report(
  results: Record<TargetName, TargetResult>,
  rounds: RoundRatios,
  options: RelayBenchOptions,
): SectionResult {
  const { direct, pipe, express, bff, mounted } = results;
  const jsonRatios = measure(rounds.json);
  const streamRatios = measure(rounds.stream);
  const jsonRatio = jsonRatios.median;
  const streamRatio = streamRatios.median;
  const addedP50 = bff.ttfe.p50 - direct.ttfe.p50;
  const addedP99 = bff.ttfe.p99 - direct.ttfe.p99;
  const errors = Object.values(results).reduce(
    (sum, result) => sum + result.jsonErrors + result.streamErrors,
    0,
  );
  const micros = (value: number) => (Number.isFinite(value) ? `${Math.round(value)} µs` : 'n/a');
  const four = (values: [number, number, number, number], format: (value: number) => string) =>
    values.map(format).join(' / ');
  const checks: BudgetCheck[] = [
    atLeast('JSON throughput, BFF / pipe relay', jsonRatios, BUDGETS.relayThroughputRatio, ratio),
    atLeast(
      'Stream throughput, BFF / pipe relay',
      streamRatios,
      BUDGETS.relayThroughputRatio,
      ratio,
    ),
    atMost('Time to first event added by the BFF, p50', addedP50, BUDGETS.addedTtfeP50Ms, ms),
    atMost('Relay errors (all targets)', errors, 0, count),
  ];
  const [jsonCheck, streamCheck, ttfeCheck, errorCheck] = checks;
  const notes = [
    `workload: POST ${queryPath}; JSON via autocannon (${options.jsonConnections} connections); streams of ${options.fragments} fragments via the bench SSE client (${options.streamConcurrency} in flight); ${options.rounds} round(s) × ${options.durationMs / 1000} s per target after ${options.warmupMs / 1000} s warm-up; rates averaged over rounds, the budgeted BFF / pipe ratios taken per round and their median checked (the spread column shows the rounds)`,
    'BFF = the standalone server as agent-chat-bff runs it (createStandaloneBff: the query route served outside Express); "in Express" = the bare pipe relay as the only middleware of a bare Express 5 app, and createBff() mounted in a site\'s Express app: what routing through Express costs',
    'CPU per request: CPU time (user + system) of the serving process over the requests it completed; the load generator is not counted',
    `time to first event: ${options.ttfeSamples} sequential streams per target, targets interleaved; "added" = BFF minus direct`,
    `BFF: rate limits and per-visitor stream cap raised out of the way; request logging ${options.logRequests ? 'on (pino info → /dev/null)' : 'off'}`,
  ];
  for (const [name, result] of Object.entries(results)) {
    for (const sample of result.streamErrorSamples) notes.push(`${name} stream error: ${sample}`);
  }
  return {
    title: "Relay overhead (a) direct, (b) bare pipe relay, (c) BFF; (b') and (c') in Express",
    figures: [
      { figure: 'JSON req/s direct', value: perSecond(direct.jsonRps) },
      {
        figure: 'JSON req/s pipe relay / BFF',
        value: `${perSecond(pipe.jsonRps)} / ${perSecond(bff.jsonRps)}`,
      },
      {
        figure: 'JSON BFF / pipe (median of rounds)',
        value: ratio(jsonRatio),
        check: jsonCheck!,
      },
      {
        figure: 'JSON req/s in Express: pipe / BFF',
        value: `${perSecond(express.jsonRps)} / ${perSecond(mounted.jsonRps)}`,
      },
      {
        figure: 'JSON in Express: pipe ÷ pipe, BFF ÷ pipe in Express',
        value: `${ratio(express.jsonRps / pipe.jsonRps)}, ${ratio(mounted.jsonRps / express.jsonRps)}`,
      },
      {
        figure: 'JSON CPU/request pipe, BFF, Express pipe, BFF',
        value: four(
          [pipe.jsonCpuMicros, bff.jsonCpuMicros, express.jsonCpuMicros, mounted.jsonCpuMicros],
          micros,
        ),
      },
      {
        figure: 'JSON latency p50 / p99 BFF',
        value: `${ms(bff.jsonLatencyP50Ms)} / ${ms(bff.jsonLatencyP99Ms)}`,
      },
      { figure: 'stream req/s direct', value: perSecond(direct.streamRps) },
      {
        figure: 'stream req/s pipe relay / BFF',
        value: `${perSecond(pipe.streamRps)} / ${perSecond(bff.streamRps)}`,
      },
      {
        figure: 'stream BFF / pipe (median of rounds)',
        value: ratio(streamRatio),
        check: streamCheck!,
      },
      {
        figure: 'stream req/s in Express: pipe / BFF',
        value: `${perSecond(express.streamRps)} / ${perSecond(mounted.streamRps)}`,
      },
      {
        figure: 'stream in Express: pipe ÷ pipe, BFF ÷ pipe in Express',
        value: `${ratio(express.streamRps / pipe.streamRps)}, ${ratio(mounted.streamRps / express.streamRps)}`,
      },
      {
        figure: 'stream CPU/request pipe, BFF, Express pipe, BFF',
        value: four(
          [
            pipe.streamCpuMicros,
            bff.streamCpuMicros,
            express.streamCpuMicros,
            mounted.streamCpuMicros,
          ],
          micros,
        ),
      },
      {
        figure: 'new upstream connections per stream pipe / BFF',
        value: `${pipe.upstreamConnectionsPerStream.toFixed(2)} / ${bff.upstreamConnectionsPerStream.toFixed(2)}`,
      },
      {
        figure: 'TTFE p50 direct / pipe / BFF / BFF in Express',
        value: four([direct.ttfe.p50, pipe.ttfe.p50, bff.ttfe.p50, mounted.ttfe.p50], ms),
      },
      {
        figure: 'TTFE p99 direct / pipe / BFF / BFF in Express',
        value: four([direct.ttfe.p99, pipe.ttfe.p99, bff.ttfe.p99, mounted.ttfe.p99], ms),
      },
      { figure: 'TTFE added by BFF p50', value: ms(addedP50), check: ttfeCheck! },
      { figure: 'TTFE added by BFF p99', value: ms(addedP99) },
      { figure: 'errors', value: count(errors), check: errorCheck! },
    ],
    checks,
    notes,
    data: {
      options,
      targets: results,
      jsonRatio: round3(jsonRatio),
      streamRatio: round3(streamRatio),
      jsonRatioPerRound: rounds.json.map(round3),
      streamRatioPerRound: rounds.stream.map(round3),
      expressPipeJsonRatio: round3(express.jsonRps / pipe.jsonRps),
      expressPipeStreamRatio: round3(express.streamRps / pipe.streamRps),
      mountedJsonRatioToExpressPipe: round3(mounted.jsonRps / express.jsonRps),
      mountedStreamRatioToExpressPipe: round3(mounted.streamRps / express.streamRps),
      addedTtfeP50Ms: round3(addedP50),
      addedTtfeP99Ms: round3(addedP99),
      addedTtfeP50OverPipeMs: round3(bff.ttfe.p50 - pipe.ttfe.p50),
    },
  };
}
