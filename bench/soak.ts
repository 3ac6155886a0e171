import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createPgDatabase } from '@agent-chat/agent-service';
import { holds } from './budgets.js';
import { freePort } from './free-port.js';
import { checkDatasources, checkMessages, checkRateLimit, checkStreams } from './soak-checks.js';
import { startSoakLoad } from './soak-load.js';
import { startSoakModel } from './soak-model.js';
import { provideSoakPostgres } from './soak-postgres.js';
import { type ProcessSpec, type SupervisedProcess, startSupervised } from './soak-process.js';
import { startSoakRedis } from './soak-redis.js';
import { type SoakPhase, type SoakReport, summarizePhases } from './soak-report.js';

/** Options of {@link runSoak}. */
export interface SoakOptions {
  /** Length of the load, ms (the kills happen at ¼ and ½ of it). */
  durationMs: number;
  /** Chat users (half per BFF), each alternating JSON and streamed questions. */
  chatUsers: number;
  /** Ingestion users (half per service). */
  ingestionUsers: number;
  /** A PostgreSQL server to create the soak's database on; else a throwaway one is started. */
  serverUrl?: string | undefined;
  /** How long a killed process stays down before it is restarted, ms. */
  downMs: number;
  /** How long the ingestion may take to drain after the load, ms (a killed worker's lease is 30 s). */
  drainMs: number;
  /** Requests per client address per minute that the BFFs allow (checked after the load). */
  rateLimitPerIp: number;
  /** Pause between two words of the stand-in model's answers (20 words each), ms. */
  tokenMs: number;
  /** Stops the soak early (every process it started is stopped); e.g. on Ctrl-C. */
  signal?: AbortSignal | undefined;
  /** Progress lines. */
  log: (line: string) => void;
}

const serviceEntry = 'packages/agent-service/src/cli.ts';
const bffEntry = 'packages/bff/src/cli.ts';
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** Waits `ms`, or rejects as soon as `signal` aborts (Ctrl-C: the soak then stops all it started). */
function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(done, Math.max(0, ms));
    function done() {
      signal?.removeEventListener('abort', aborted);
      resolve();
    }
    function aborted() {
      clearTimeout(timer);
      reject(signal?.reason);
    }
    signal?.addEventListener('abort', aborted, { once: true });
  });
}

/** Creates an organization in the soak's database with the service's own CLI; its API key. */
async function createKey(databaseUrl: string): Promise<string> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--conditions', 'agent-chat-source', '--import', 'tsx', serviceEntry, 'keys', 'create'],
    { cwd: repoRoot, env: { ...process.env, DATABASE_URL: databaseUrl }, timeout: 120_000 },
  );
  const key = stdout.trim().split('\n').at(-1)?.trim();
  if (!key) throw new Error('`agent-chat-service keys create` printed no key.');
  return key;
}

async function api<T>(base: string, apiKey: string, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST ${path} answered ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

/**
 * Starts processes side by side (each is one core's work for seconds, mostly loading its
 * TypeScript) and adds every one that started to `stack`, so that all are stopped even when
 * another failed to start; then throws the first failure.
 */
async function startAll(
  stack: { stop(): Promise<void> }[],
  specs: ProcessSpec[],
): Promise<SupervisedProcess[]> {
  const started = await Promise.allSettled(specs.map((spec) => startSupervised(spec)));
  for (const result of started) if (result.status === 'fulfilled') stack.push(result.value);
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
  return started.map((result) => (result as PromiseFulfilledResult<SupervisedProcess>).value);
}

/** Waits until a BFF counts its rate limits in Redis (its `/readyz` says so). */
async function redisReady(bff: SupervisedProcess, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const store = await fetch(`${bff.url}/readyz`)
      .then((response) => response.json() as Promise<{ rateLimitStore?: string }>)
      .then((ready) => ready.rateLimitStore)
      .catch(() => undefined);
    if (store === 'redis') return;
    await sleep(100);
  }
  throw new Error(`${bff.name} did not connect to Redis within ${timeoutMs} ms`);
}

/**
 * Scale-out on one machine: two agent-service processes on one PostgreSQL, two BFFs
 * (one per service) sharing one Redis, and a loopback load of chat (JSON and streamed)
 * and ingestion for `durationMs`, in four phases of a quarter each (longer when a restart
 * takes longer): steady; one service killed with SIGKILL right after it acknowledged a
 * datasource; one BFF killed while streams are open through it; recovered. Each killed
 * process is restarted on its port after `downMs`. Afterwards it checks that nothing acknowledged was
 * lost or duplicated, that every stream ended, that the rate limit holds across both BFFs
 * and that the killed processes serve again, and reports throughput and errors per phase.
 * Every process it started is stopped, whatever happens.
 */
export async function runSoak(options: SoakOptions): Promise<SoakReport> {
  const stack: { stop(): Promise<void> }[] = [];
  const notes: string[] = [];
  try {
    options.signal?.throwIfAborted();
    const postgres = await provideSoakPostgres(options.serverUrl);
    stack.push({ stop: () => postgres.close() });
    const redis = await startSoakRedis();
    stack.push({ stop: () => redis.close() });
    const model = await startSoakModel({ tokens: 20, tokenMs: options.tokenMs });
    stack.push({ stop: () => model.close() });
    options.log(`PostgreSQL: ${postgres.origin}; Redis at ${redis.url}; model at ${model.url}`);
    const servicePorts = [await freePort(), await freePort()];
    // The key's CLI and the two services start side by side (their migrations take turns
    // under the migration lock, as in a scale-out deployment). Both settle before a failure
    // is thrown, so that whatever started is on the stack to be stopped.
    const [key, started] = await Promise.allSettled([
      createKey(postgres.url),
      startAll(
        stack,
        servicePorts.map((port, index) => ({
          name: `service ${'AB'[index]}`,
          entry: serviceEntry,
          args: ['serve'],
          env: {
            DATABASE_URL: postgres.url,
            PORT: String(port),
            HOST: '127.0.0.1',
            LLM_BASE_URL: model.url,
            LLM_MODEL: 'soak-model',
          },
          url: `http://127.0.0.1:${port}`,
          readyPath: '/healthz',
        })),
      ),
    ]);
    if (key.status === 'rejected') throw key.reason;
    if (started.status === 'rejected') throw started.reason;
    const [apiKey, services] = [key.value, started.value];
    const database = await createPgDatabase({ databaseUrl: postgres.url });
    stack.push({ stop: () => database.close() });
    options.signal?.throwIfAborted();
    const datastore = await api<{ id: string }>(services[0]!.url, apiKey, '/api/datastores', {
      name: 'Soak',
    });
    const agent = await api<{ id: string }>(services[0]!.url, apiKey, '/api/agents', {
      name: 'Soak agent',
      datastoreIds: [datastore.id],
    });
    await api(services[1]!.url, apiKey, '/api/datasources', {
      datastoreId: datastore.id,
      type: 'text',
      name: 'harbour.md',
      config: {
        text: '# Harbour\n\nThe ferry leaves the pier at dawn; boats moor by the lighthouse.',
      },
    });

    const visitorSecret = randomBytes(32).toString('hex');
    const bffPorts = [await freePort(), await freePort()];
    const bffs = await startAll(
      stack,
      services.map((service, index) => ({
        name: `BFF ${'AB'[index]}`,
        entry: bffEntry,
        env: {
          PORT: String(bffPorts[index]),
          HOST: '127.0.0.1',
          UPSTREAM_URL: service.url,
          AGENT_API_TOKEN: apiKey,
          ADMIN_TOKEN: randomBytes(24).toString('hex'),
          ALLOWED_AGENTS: agent.id,
          REDIS_URL: redis.url,
          VISITOR_SECRET: visitorSecret,
          TRUST_PROXY: 'loopback',
          RATE_LIMIT_WINDOW_MS: '60000',
          RATE_LIMIT_PER_IP: String(options.rateLimitPerIp),
          RATE_LIMIT_PER_VISITOR: '100000',
          LOG_LEVEL: 'warn',
        },
        url: `http://127.0.0.1:${bffPorts[index]}`,
        readyPath: '/healthz',
      })),
    );
    await Promise.all(bffs.map((bff) => redisReady(bff)));
    const [serviceA] = services as [SupervisedProcess, SupervisedProcess];
    const [, bffB] = bffs as [SupervisedProcess, SupervisedProcess];
    options.log(
      `stack up: ${services.map((s) => `${s.name} ${s.url}`).join(', ')}, ${bffs.map((b) => `${b.name} ${b.url}`).join(', ')}`,
    );

    const phases: SoakPhase[] = [];
    let phase = 'steady';
    let phaseStart = Date.now();
    const enter = (next: string) => {
      phases.push({ name: phase, ms: Date.now() - phaseStart });
      options.log(`phase ${next}`);
      phase = next;
      phaseStart = Date.now();
    };
    // Each phase lasts at least a quarter of the duration, restarts included.
    const quarter = options.durationMs / 4;
    const load = startSoakLoad({
      bffs: bffs.map((bff) => bff.url),
      services: services.map((service) => service.url),
      apiKey,
      agentId: agent.id,
      datastoreId: datastore.id,
      chatUsers: options.chatUsers,
      ingestionUsers: options.ingestionUsers,
      phase: () => phase,
      timeoutMs: 60_000,
      retryDelayMs: 250,
      ingestionPauseMs: 100,
      maxRequestsPerUser: 20_000,
    });
    const openAtKills = new Set<number>();
    try {
      options.log('phase steady');
      await pause(phaseStart + quarter - Date.now(), options.signal);

      enter('service killed');
      const acked = await Promise.race([
        load.nextIngestionAck(0).then(() => true),
        sleep(15_000).then(() => false),
      ]);
      const openThroughA = load.openStreams(0);
      const jobs = await database.query<{ running: number | string; queued: number | string }>(
        `SELECT count(*) FILTER (WHERE state = 'running') AS running,
                count(*) FILTER (WHERE state = 'queued') AS queued FROM ingestion_jobs`,
      );
      await serviceA.kill9();
      for (const id of openThroughA) openAtKills.add(id);
      notes.push(
        `${serviceA.name} killed with SIGKILL ${acked ? 'right after it acknowledged a datasource' : '(no datasource acknowledged within 15 s)'} (ingestion jobs just before: ${jobs[0]?.running ?? '?'} running, ${jobs[0]?.queued ?? '?'} queued), ${openThroughA.size} stream(s) open through it; restarted after ${options.downMs / 1000} s`,
      );
      await pause(options.downMs, options.signal);
      let restartStart = Date.now();
      await serviceA.restart();
      notes.push(`${serviceA.name} served again ${Date.now() - restartStart} ms after its restart`);
      await pause(phaseStart + quarter - Date.now(), options.signal);

      enter('BFF killed');
      const streamsDeadline = Date.now() + 15_000;
      while (load.openStreams(1).size === 0 && Date.now() < streamsDeadline) await sleep(2);
      const openThroughB = load.openStreams(1);
      await bffB.kill9();
      for (const id of openThroughB) openAtKills.add(id);
      notes.push(
        `${bffB.name} killed with SIGKILL with ${openThroughB.size} stream(s) open through it, restarted after ${options.downMs / 1000} s`,
      );
      await pause(options.downMs, options.signal);
      restartStart = Date.now();
      await bffB.restart();
      await redisReady(bffB);
      notes.push(`${bffB.name} served again ${Date.now() - restartStart} ms after its restart`);
      await pause(phaseStart + quarter - Date.now(), options.signal);

      enter('recovered');
      await pause(phaseStart + quarter - Date.now(), options.signal);
    } finally {
      await load.stop();
      phases.push({ name: phase, ms: Date.now() - phaseStart });
    }

    const serving = await Promise.all(
      [serviceA, bffB].map(async (process) => {
        const health = await fetch(`${process.url}/healthz`).then(
          (response) => response.ok,
          () => false,
        );
        return { process, serving: health && process.restarts() === 1 };
      }),
    );
    // Serving means answering: a question through the restarted BFF, and through the
    // BFF whose service was restarted, and a datasource on the restarted service.
    const probe = async (bff: SupervisedProcess) => {
      const response = await fetch(`${bff.url}/api/agents/${agent.id}/query`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '127.0.3.1' },
        body: JSON.stringify({ query: 'When does the ferry leave?' }),
      });
      await response.body?.cancel();
      return response.status;
    };
    const probes = [await probe(bffs[0]!), await probe(bffB)];
    const ingestion = await api<{ id: string }>(serviceA.url, apiKey, '/api/datasources', {
      datastoreId: datastore.id,
      type: 'text',
      name: 'after.md',
      config: { text: '# After\n\nThe soak is over.' },
    }).then(
      (created) => created.id,
      () => undefined,
    );
    const checks = [
      ...(await checkDatasources(
        database,
        [...load.ackedDatasources, ...(ingestion ? [ingestion] : [])],
        options.drainMs,
      )),
      ...(await checkMessages(database, load.sentQueries, load.ackedExchanges)),
      ...checkStreams(load.records, openAtKills),
      await checkRateLimit(
        bffs.map((bff) => bff.url),
        agent.id,
        options.rateLimitPerIp,
      ),
      holds(
        'killed processes restarted and serving',
        'both',
        `${serving.map(({ process, serving }) => `${process.name} ${serving ? 'serving' : 'NOT serving'} (restarts ${process.restarts()})`).join(', ')}; questions through BFF A, BFF B: ${probes.join(', ')}; datasource on ${serviceA.name}: ${ingestion ? 'created' : 'refused'}`,
        serving.every((entry) => entry.serving) &&
          probes.every((status) => status === 200) &&
          ingestion !== undefined,
      ),
    ];
    // A sample of what went wrong, one line per kind of failure.
    const failures = new Map<string, number>();
    for (const record of load.records) {
      if (record.outcome === 'ok' || record.outcome === 'rate-limited') continue;
      const key = `${record.kind} ${record.outcome}: ${(record.detail ?? '').slice(0, 160)}`;
      failures.set(key, (failures.get(key) ?? 0) + 1);
    }
    for (const [failure, count] of [...failures].sort((a, b) => b[1] - a[1]).slice(0, 8)) {
      notes.push(`${count} × ${failure}`);
    }
    notes.unshift(
      `${options.durationMs / 1000} s of load: ${options.chatUsers} chat users (half per BFF, JSON and streamed questions in turn), ${options.ingestionUsers} ingestion users (half per service); ${load.records.length} requests`,
    );
    return {
      phases: summarizePhases(load.records, phases),
      checks,
      notes,
      pass: checks.every((check) => check.pass),
    };
  } finally {
    for (const part of stack.reverse()) await part.stop().catch(() => {});
  }
}
