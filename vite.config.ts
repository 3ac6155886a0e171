import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Root Vite/Vitest configuration.
 *
 * - `vitest run` runs one project per package. Packages import each other's
 *   TypeScript source through the `agent-chat-source` export condition, so no build step
 *   is needed in development or tests.
 * - The production builds live in the packages' own `vite.config.ts` (widget, console): each
 *   needs its own root and output directory. This file configures only the tests.
 */
const sourceConditions = ['agent-chat-source'];

/** Brings the build output a project's tests load up to date, once per run (see the file). */
const builtBeforeTests = fileURLToPath(new URL('./testing/built-before-tests.ts', import.meta.url));

export default defineConfig({
  resolve: { conditions: sourceConditions },
  ssr: { resolve: { conditions: sourceConditions, externalConditions: sourceConditions } },
  test: {
    // Every project: a Node process warning (a leaked listener, a deprecation) fails the test.
    setupFiles: [fileURLToPath(new URL('./testing/fail-on-warnings.ts', import.meta.url))],
    // `expect.poll` waits for what a page or server does next; Vitest's 1 s default is too
    // short on a busy 2-core CI machine (the state is right, it just arrives later).
    expect: { poll: { timeout: 10_000 } },
    // Test files at once. Vitest's default, one less than the cores, is a single file at a
    // time on a 2-core CI machine, where most files spend much of their time waiting on
    // sockets, child processes and Chromium: two keep both cores busy.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'protocol',
          root: fileURLToPath(new URL('./packages/protocol', import.meta.url)),
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'agent-service',
          root: fileURLToPath(new URL('./packages/agent-service', import.meta.url)),
          environment: 'node',
          // Files share a worker: PGlite's WebAssembly is compiled, and the service's modules
          // imported, once per worker instead of once per file (docs/benchmarks.md, CI time).
          // So a test must not depend on the whole process's state (a count of every pending
          // timer, a global left stubbed): each file closes what it opens and restores what it
          // changes.
          isolate: false,
          // Two test files share the 2 cores (maxWorkers): a PGlite-heavy test that takes
          // 10 s alone can take 30 s beside another one. A limit, not a wait.
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'bff',
          root: fileURLToPath(new URL('./packages/bff', import.meta.url)),
          environment: 'node',
          // Files share a worker, as in agent-service (see there); every set-up that opens
          // servers uses testing/set-up-hooks.ts, so a set-up that outlives its hook timeout
          // is still closed and the worker's next file does not inherit it.
          isolate: false,
          // Two test files share the 2 cores (maxWorkers): a PGlite-heavy test that takes
          // 10 s alone can take 30 s beside another one. A limit, not a wait.
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          // The BFF suites that use the test harness again, against the standalone server
          // (`createStandaloneBff`: the public query route served outside Express).
          name: 'bff-standalone',
          root: fileURLToPath(new URL('./packages/bff', import.meta.url)),
          environment: 'node',
          include: [
            'src/admin/admin-agent-service.test.ts',
            'src/http/cors.test.ts',
            'src/http/slow-bodies.test.ts',
            'src/limits/rate-limits.test.ts',
            'src/mcp/mcp-relay.test.ts',
            'src/query/{agent-service-relay,public-route-guards,query-relay,stream-lifecycle,upstream-replies}.test.ts',
          ],
          env: { BFF_HARNESS: 'standalone' },
          isolate: false, // files share a worker, as in bff (see there)
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'widget',
          root: fileURLToPath(new URL('./packages/widget', import.meta.url)),
          environment: 'happy-dom',
          include: ['src/**/*.test.{ts,tsx}'],
        },
      },
      {
        extends: true,
        test: {
          // The console's models (its state, apart from the view): plain Node, no DOM.
          name: 'console',
          root: fileURLToPath(new URL('./packages/console', import.meta.url)),
          environment: 'node',
          include: ['src/**/*.test.{ts,tsx}'],
        },
      },
      {
        extends: true,
        test: {
          // Real Chromium (Debian's /usr/bin/chromium via playwright-core) against a real page,
          // BFF and agent service on loopback. Builds the widget once in its global setup.
          name: 'widget-browser',
          root: fileURLToPath(new URL('./packages/widget', import.meta.url)),
          environment: 'node',
          include: ['browser/**/*.browser.test.ts'],
          isolate: false, // files share a worker, as in bff (see there)
          globalSetup: [builtBeforeTests],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          // The operator console in real Chromium, against a real BFF (mounted at a sub-path
          // of an Express app) and the embedded agent service. Builds the console and the
          // widget (for the live preview) once in its global setup.
          name: 'console-browser',
          root: fileURLToPath(new URL('./packages/console', import.meta.url)),
          environment: 'node',
          include: ['browser/**/*.browser.test.ts'],
          isolate: false, // files share a worker, as in bff (see there)
          globalSetup: [builtBeforeTests],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          // Unit tests of the benchmark's own pieces; they assert no timings.
          name: 'bench',
          root: fileURLToPath(new URL('./bench', import.meta.url)),
          environment: 'node',
          include: ['*.test.ts'],
          exclude: ['soak.test.ts'],
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          // The short scale-out soak (two services, two BFFs, PostgreSQL, Redis, kill -9):
          // last and alone, so its processes neither slow other suites nor are slowed by them.
          name: 'soak',
          root: fileURLToPath(new URL('./bench', import.meta.url)),
          environment: 'node',
          include: ['soak.test.ts'],
          testTimeout: 420_000,
          sequence: { groupOrder: 2 },
        },
      },
      {
        extends: true,
        test: {
          // The repository's own test tooling (the setup file that fails tests on warnings).
          name: 'testing',
          root: fileURLToPath(new URL('./testing', import.meta.url)),
          environment: 'node',
          include: ['*.test.ts'],
          testTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          // The development sets' own tooling (eval/sites/: serving a Debian package's pages)
          // and `npm run eval`'s (scripts/eval/).
          name: 'eval',
          root: fileURLToPath(new URL('./', import.meta.url)),
          environment: 'node',
          include: ['eval/**/*.test.ts', 'scripts/eval/**/*.test.ts'],
          // via-mcp.test.ts starts an agent service (PGlite) and answers a site's questions
          // three ways; on a busy 2-core machine that takes more than Vitest's 10 s.
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          root: fileURLToPath(new URL('./e2e', import.meta.url)),
          environment: 'node',
          include: ['**/*.e2e.test.ts'],
          // Builds what `npm start` runs once, before the tests start it.
          globalSetup: [builtBeforeTests],
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
