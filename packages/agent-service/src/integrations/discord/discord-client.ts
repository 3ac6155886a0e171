import type { Logger } from '../../logger.js';

/** Options of {@link createDiscordClient}. */
export interface DiscordClientOptions {
  /** Base URL of Discord's API (`DISCORD_API_URL`). Default `https://discord.com/api/v10`. */
  apiUrl?: string;
  /** Longest wait for one attempt, ms. Default 10 000. */
  timeoutMs?: number;
  /** Attempts after the first, on network errors, timeouts, 5xx and 429. Default 5. */
  retries?: number;
  /** Wait before the first retry, ms, doubled each time (429 waits `Retry-After`). Default 1 000. */
  retryDelayMs?: number;
  logger: Logger;
}

/** A message's content and components, as Discord's API takes them. */
export interface DiscordMessage {
  content: string;
  components?: unknown[];
  /** 64: only the asker sees it. */
  flags?: number;
}

/** The calls to Discord's API the service makes. */
export interface DiscordClient {
  /** Replaces the deferred response of an interaction (`PATCH …/messages/@original`). */
  editOriginal(applicationId: string, token: string, message: DiscordMessage): Promise<void>;
  /** A further message after the response (`POST /webhooks/{app}/{token}`). */
  followUp(applicationId: string, token: string, message: DiscordMessage): Promise<void>;
  /** Posts a message in a channel with the bot (`POST /channels/{id}/messages`). */
  createMessage(botToken: string, channelId: string, message: DiscordMessage): Promise<void>;
  /** Creates or updates a global slash command (`POST /applications/{app}/commands`). */
  registerCommand(applicationId: string, botToken: string, command: unknown): Promise<void>;
}

/** A call Discord refused or that never got an answer. */
export class DiscordApiError extends Error {
  override readonly name = 'DiscordApiError';
  readonly status: number | undefined;
  constructor(message: string, status?: number, options?: { cause?: unknown }) {
    super(message, options);
    this.status = status;
  }
}

/**
 * The one Discord client of the service: a small fetch client (Discord's interactions need
 * three calls; its SDKs are built around the gateway), with a per-attempt timeout and
 * retries with backoff on network errors, timeouts and 5xx; a 429 waits the
 * `Retry-After` Discord sends. Tokens go in headers or paths, never in a log line.
 */
export function createDiscordClient(options: DiscordClientOptions): DiscordClient {
  const base = (options.apiUrl ?? 'https://discord.com/api/v10').replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 10_000;
  const retries = options.retries ?? 5;
  const retryDelayMs = options.retryDelayMs ?? 1_000;
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  async function call(
    method: string,
    path: string,
    body: unknown,
    headers: Record<string, string> = {},
  ): Promise<void> {
    let lastError: DiscordApiError | undefined;
    for (let attempt = 0; attempt <= retries; attempt++) {
      let wait = retryDelayMs * 2 ** attempt;
      try {
        const response = await fetch(`${base}${path}`, {
          method,
          headers: { 'content-type': 'application/json', ...headers },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(timeoutMs),
          redirect: 'error',
        });
        await response.arrayBuffer();
        if (response.ok) return;
        lastError = new DiscordApiError(
          `Discord answered ${response.status} to ${method} ${path.split('/').slice(0, 3).join('/')}…`,
          response.status,
        );
        if (response.status === 429) {
          const after = Number(response.headers.get('retry-after'));
          if (Number.isFinite(after) && after >= 0) wait = after * 1000;
        } else if (response.status < 500) {
          throw lastError;
        }
      } catch (error) {
        if (
          error instanceof DiscordApiError &&
          error === lastError &&
          (error.status ?? 500) < 500 &&
          error.status !== 429
        ) {
          throw error;
        }
        if (!(error instanceof DiscordApiError)) {
          lastError = new DiscordApiError(
            `Discord could not be reached (${error instanceof Error ? error.message : String(error)}).`,
            undefined,
            { cause: error },
          );
        }
      }
      if (attempt < retries) {
        options.logger.info(
          { attempt: attempt + 1, error: lastError?.message },
          'Discord call will be retried',
        );
        await sleep(wait);
      }
    }
    throw lastError ?? new DiscordApiError('Discord call failed.');
  }

  return {
    editOriginal: (applicationId, token, message) =>
      call('PATCH', `/webhooks/${applicationId}/${token}/messages/@original`, message),
    followUp: (applicationId, token, message) =>
      call('POST', `/webhooks/${applicationId}/${token}`, message),
    createMessage: (botToken, channelId, message) =>
      call('POST', `/channels/${channelId}/messages`, message, {
        authorization: `Bot ${botToken}`,
      }),
    registerCommand: (applicationId, botToken, command) =>
      call('POST', `/applications/${applicationId}/commands`, command, {
        authorization: `Bot ${botToken}`,
      }),
  };
}
