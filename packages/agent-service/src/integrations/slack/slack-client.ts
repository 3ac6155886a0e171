import {
  type ChatPostMessageArguments,
  type KnownBlock,
  type LogLevel,
  type Logger as SlackLogger,
  WebClient,
} from '@slack/web-api';
import type { Logger } from '../../logger.js';

/** Options of {@link createSlackClient}. */
export interface SlackClientOptions {
  /** Base URL of Slack's Web API (`SLACK_API_URL`). Default `https://slack.com/api/`. */
  apiUrl?: string;
  /** Longest wait for one attempt's answer, ms. Default 10 000. */
  timeoutMs?: number;
  /** Attempts after the first, on network errors, timeouts, 5xx and 429. Default 5. */
  retries?: number;
  /** Wait before the first retry, ms, doubled each time (429 waits `Retry-After`). Default 1 000. */
  retryDelayMs?: number;
  /**
   * Fail a rate-limited call at once instead of waiting `Retry-After` (the outbox's client:
   * the outbox waits with its own backoff). Default false.
   */
  rejectRateLimited?: boolean;
  logger: Logger;
}

/** A message to post in a thread, with the bot token of the agent posting it. */
export interface SlackMessage {
  token: string;
  channel: string;
  /** The thread's first message (`ts`); the message goes in that thread. */
  threadTs: string;
  /** The plain text of notifications and of clients without blocks. */
  text: string;
  blocks?: KnownBlock[];
}

/** The calls of Slack's Web API the service makes, each with the bot token of its agent. */
export interface SlackClient {
  /** `auth.test`: the workspace (team) and bot user a token belongs to; throws for a bad token. */
  identify(token: string): Promise<{ teamId: string; botUserId: string }>;
  /** `chat.postMessage`; the posted message's `ts`. */
  postMessage(message: SlackMessage): Promise<string>;
  /** `chat.postEphemeral`: a message only `user` sees. */
  postEphemeral(message: SlackMessage & { user: string }): Promise<void>;
}

/**
 * The Slack library logs to the console unless given a logger: this one keeps its warnings
 * (without arguments, which may hold request details) and drops its debug lines.
 */
function quietLogger(logger: Logger): SlackLogger {
  let level = 'warn' as LogLevel;
  return {
    debug() {},
    info() {},
    warn(...messages: unknown[]) {
      logger.warn({ source: 'slack-web-api' }, String(messages[0]));
    },
    error(...messages: unknown[]) {
      logger.error({ source: 'slack-web-api' }, String(messages[0]));
    },
    setLevel(next) {
      level = next;
    },
    getLevel: () => level,
    setName() {},
  };
}

/**
 * The one Slack client of the service, over Slack's own `@slack/web-api`: its `WebClient`
 * takes a base URL (so tests run against a fake on loopback), a per-attempt timeout and
 * retries with backoff — a 429 waits the `Retry-After` Slack sends.
 * Tokens are passed per call (each agent has its own bot), never logged.
 *
 * @example
 * const slack = createSlackClient({ logger });
 * await slack.postMessage({ token, channel: 'C1', thread_ts: ts, text: 'Hello' });
 */
export function createSlackClient(options: SlackClientOptions): SlackClient {
  const client = new WebClient(undefined, {
    slackApiUrl: options.apiUrl ?? 'https://slack.com/api/',
    timeout: options.timeoutMs ?? 10_000,
    retryConfig: {
      retries: options.retries ?? 5,
      factor: 2,
      minTimeout: options.retryDelayMs ?? 1_000,
      maxTimeout: 60_000,
    },
    // Only Web API methods, never an absolute URL smuggled in as a method name.
    allowAbsoluteUrls: false,
    rejectRateLimitedCalls: options.rejectRateLimited ?? false,
    logger: quietLogger(options.logger),
  });
  return {
    async identify(token) {
      const answer = await client.auth.test({ token });
      return { teamId: String(answer.team_id ?? ''), botUserId: String(answer.user_id ?? '') };
    },
    async postMessage(message) {
      const answer = await client.chat.postMessage({
        token: message.token,
        channel: message.channel,
        thread_ts: message.threadTs,
        text: message.text,
        ...(message.blocks ? { blocks: message.blocks } : {}),
        unfurl_links: false,
        unfurl_media: false,
      } as ChatPostMessageArguments);
      return String(answer.ts ?? '');
    },
    async postEphemeral(message) {
      await client.chat.postEphemeral({
        token: message.token,
        channel: message.channel,
        user: message.user,
        thread_ts: message.threadTs,
        text: message.text,
      });
    },
  };
}
