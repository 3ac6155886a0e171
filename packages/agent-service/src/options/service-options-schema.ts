import { optionDocs } from '@agent-chat/protocol/options';
import { z } from 'zod';
import type { ContactCapturedListener } from '../contacts/index.js';
import type { Logger } from '../logger.js';
import { answeringOptionFields } from './answering-options-schema.js';
import { conversationOptionFields } from './conversation-options-schema.js';
import { httpOptionFields } from './http-options-schema.js';
import { integrationOptionFields } from './integration-options-schema.js';
import { knowledgeOptionFields } from './knowledge-options-schema.js';
import { notificationOptionFields } from './notification-options-schema.js';
import { storageOptionFields } from './storage-options-schema.js';

const isFunction = (value: unknown): boolean => typeof value === 'function';

const isLogger = (value: unknown): value is Logger =>
  typeof value === 'object' &&
  value !== null &&
  ['info', 'warn', 'error'].every((level) => isFunction((value as Record<string, unknown>)[level]));

/**
 * Every option of `createAgentService()`, declared once: type, default, constraints,
 * environment variable and help text. `AgentServiceOptions`, the CLI's reading of the
 * environment, `agent-chat-service serve --help` and the README's tables are derived from it.
 */
export const agentServiceOptionFields = z.object({
  ...storageOptionFields,
  ...answeringOptionFields,
  ...httpOptionFields,
  ...conversationOptionFields,
  ...notificationOptionFields,
  ...knowledgeOptionFields,
  ...integrationOptionFields,
  /** Logger with pino's call shape. Default: silent. */
  logger: z
    .custom<Logger>(isLogger, { error: 'must be a logger with info, warn and error' })
    .optional()
    .register(optionDocs, {
      defaultText: 'silent',
      description:
        '`{ info, warn, error }(details, message)`: a pino logger fits (the CLI writes JSON lines to stderr).',
    }),
  /** Clock for usage windows, signatures and outbox due times. Default `Date.now`. */
  now: z
    .custom<() => number>(isFunction, { error: 'must be a function returning ms' })
    .optional()
    .register(optionDocs, {
      defaultText: '`Date.now`',
      description: 'Clock for usage windows, webhook signatures and outbox due times.',
    }),
  /** Told after a visitor leaves or updates a contact (in process, not awaited). Default: none. */
  onContactCaptured: z
    .custom<ContactCapturedListener>(isFunction, { error: 'must be a function' })
    .optional()
    .register(optionDocs, {
      defaultText: 'none',
      description:
        '`({ organizationId, contact, created }) => void`: told after a visitor leaves or updates a contact (see "Contact capture"); not awaited, a failure is logged.',
    }),
  /** Fetch used by the model and the embeddings. Default: global fetch. */
  fetch: z
    .custom<typeof fetch>(isFunction, { error: 'must be a fetch function' })
    .optional()
    .register(optionDocs, {
      defaultText: 'global `fetch`',
      description:
        'Fetch used by the model and the embeddings API (webhooks go through the SSRF-safe fetcher).',
    }),
});

/**
 * Options of `createAgentService()` (and `startAgentService()`), as given in code. The CLI
 * reads the ones with a variable from the environment.
 */
export type AgentServiceOptions = z.input<typeof agentServiceOptionFields>;

/** {@link AgentServiceOptions} with every default filled in and every value checked. */
export type ResolvedAgentServiceOptions = z.output<typeof agentServiceOptionFields>;
