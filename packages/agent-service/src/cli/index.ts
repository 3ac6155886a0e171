/**
 * The `agent-chat-service` command line: `serve`, `keys create`, `seed-demo` and
 * `ingest`, one file per command. `src/cli.ts` runs it with the real process's I/O.
 */
export type { CliIo } from './cli-io.js';
export { runCli } from './run-cli.js';
