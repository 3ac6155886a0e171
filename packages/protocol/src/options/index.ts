/**
 * @agent-chat/protocol/options — the machinery of a package's options registry, for
 * servers (it pulls in zod): each option is a zod schema registered in {@link optionDocs}
 * with its variable and meaning, and everything else — reading the environment, error
 * messages that name the variable, `--help` lists and README tables — is derived from it.
 * The BFF's and the agent service's `options/` folders are built on it.
 *
 * @example
 * ```ts
 * const fields = z.object({
 *   heartbeatMs: wholeNumberOption(15_000, {
 *     env: 'HEARTBEAT_MS',
 *     description: 'Interval of `: ping` comments, ms.',
 *   }),
 * });
 * const list = optionFields(fields);
 * const texts = envTexts(process.env, list);
 * const checked = checkOptions(fields, optionsFromTexts(texts, list), list, { env: texts });
 * ```
 */
export {
  booleanFromEnv,
  listFromEnv,
  numberFromEnv,
  wholeNumberFromEnv,
} from './env-readers.js';
export { listenOptionFields } from './listen-options.js';
export { readMarkdownTable, renderMarkdownTable } from './markdown-table.js';
export { type EnvReadOptions, type OptionDoc, optionDocs } from './option-docs.js';
export { defaultTextOf, type OptionField, optionFields } from './option-fields.js';
export {
  type OptionHelpEntry,
  optionHelpEntry,
  plainText,
  renderOptionHelp,
} from './option-help.js';
export {
  checkOptions,
  describeOptionIssue,
  type OptionSource,
  type OptionsCheck,
} from './option-issues.js';
export { type Env, envTexts, optionsFromTexts } from './options-from-env.js';
export { wholeNumber, wholeNumberOption, wholeNumberSchema } from './whole-number.js';
