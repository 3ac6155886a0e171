/**
 * The `agent-chat-service` command line: `serve`, `keys create`, `seed-demo`, `ingest`,
 * `eval` and more, one file per command. `src/cli.ts` runs it with the real process's I/O.
 * The evaluation's pieces are public too, for scripts that drive a whole run
 * (`npm run eval -- --site`, and its `--via mcp`, which scores searches and answers through
 * the MCP server with the same `scoreReply` and `summarizeEval`).
 */
/** @internal `runCli`'s io, named for the tests that capture it (`captureCliIo`). */
export type { CliIo } from './cli-io.js';
export type { EvalAnswer } from './eval-answer.js';
export { normalizeEvalText } from './eval-normalize-text.js';
export type { EvalQuestionResult } from './eval-question-result.js';
export type { EvalQuestion } from './eval-questions.js';
export { readEvalQuestions } from './eval-questions.js';
export { formatEvalReport } from './eval-report.js';
export { type EvalReport, type RunEvalOptions, runEval } from './eval-run.js';
export { scoreReply } from './eval-score.js';
export type { CitedSource } from './eval-source-match.js';
export { type EvalSummary, summarizeEval, type Tally } from './eval-summary.js';
export { runCli } from './run-cli.js';
export { createServiceClient, type ServiceClient } from './service-client.js';
