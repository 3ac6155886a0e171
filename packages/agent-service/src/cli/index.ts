/**
 * The `agent-chat-service` command line: `serve`, `keys create`, `seed-demo` and
 * `ingest`, one file per command. `src/cli.ts` runs it with the real process's I/O.
 */
/** @internal `runCli`'s io, named for the tests that capture it (`captureCliIo`). */
export type { CliIo } from './cli-io.js';
export { runCli } from './run-cli.js';
