import { createAnswerAccumulator, decodeSseStream, ERROR_CODES } from '@agent-chat/protocol';

/** What became of one request of the soak's load. */
export type SoakOutcome =
  /** Answered (a message id) or acknowledged (a datasource id). */
  | 'ok'
  /** 429 from the BFF. */
  | 'rate-limited'
  /** An error status before any stream event (502 while the service restarts, …). */
  | 'http-error'
  /** No response: the connection was refused or reset (the process was down). */
  | 'refused'
  /** A stream that ended with an error event. */
  | 'error-event'
  /** A stream whose connection closed before `[DONE]` (the widget retries it). */
  | 'closed'
  /** No end within the time limit: what must never happen. */
  | 'hung';

/** One request of the load, as recorded. */
export interface SoakRecord {
  /** Sequence number of the request in the load. */
  id: number;
  kind: 'json' | 'stream' | 'ingest';
  /** The phase of the soak when the request started. */
  phase: string;
  /** Which BFF (chat) or service (ingestion), by index. */
  target: number;
  outcome: SoakOutcome;
  detail?: string;
}

/** An exchange the BFF acknowledged: its question text and the answer's message id. */
export interface AckedExchange {
  query: string;
  messageId: string;
}

/** Options of {@link startSoakLoad}. */
export interface SoakLoadOptions {
  /** BFF base URLs; chat user `i` talks to `bffs[i % n]`. */
  bffs: readonly string[];
  /** Agent service base URLs; ingestion user `i` posts to `services[i % n]`. */
  services: readonly string[];
  apiKey: string;
  agentId: string;
  datastoreId: string;
  /** Chat users, each alternating a JSON question and a streamed one. */
  chatUsers: number;
  /** Ingestion users, each creating text datasources one after another. */
  ingestionUsers: number;
  /** The current phase's name, read when a request starts. */
  phase: () => string;
  /** A request not ended by then is `hung`, ms. */
  timeoutMs: number;
  /** Pause after a failure before the next request (the widget's retry), ms. */
  retryDelayMs: number;
  /** Pause between two datasources of one ingestion user, ms. */
  ingestionPauseMs: number;
  /** Requests one user sends at most, whatever the time (the load is bounded in count too). */
  maxRequestsPerUser: number;
}

/** The load in progress. */
export interface SoakLoad {
  readonly records: readonly SoakRecord[];
  /** Every question text sent (each is unique). */
  readonly sentQueries: ReadonlySet<string>;
  readonly ackedExchanges: readonly AckedExchange[];
  /** Datasource ids the services acknowledged (2xx with an id). */
  readonly ackedDatasources: readonly string[];
  /** Ids of the streams open right now through BFF `index` (response headers received, not ended). */
  openStreams(index: number): ReadonlySet<number>;
  /** Resolves at the next datasource acknowledged by service `index`. */
  nextIngestionAck(index: number): Promise<void>;
  /** Stops every user after its current request and waits for them. */
  stop(): Promise<void>;
}

const words = ['harbour', 'tide', 'mooring', 'ferry', 'boats', 'dawn', 'pier', 'lighthouse'];

function documentText(user: number, index: number): string {
  const sections = [`# Soak notes ${user}.${index}`];
  for (let section = 0; section < 4; section += 1) {
    const body = Array.from(
      { length: 60 },
      (_, word) => words[(user + index + section + word) % words.length],
    );
    sections.push(`## Part ${section}\n\n${body.join(' ')} ${user}-${index}-${section}.`);
  }
  return sections.join('\n\n');
}

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
}

function message(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? error.message;
}

interface ChatState {
  visitorId?: string;
  conversationId?: string;
}

/**
 * Starts the soak's loopback load: chat users asking through the BFFs (JSON and streamed
 * in turn, each question unique, each user on a rotating client address sent as
 * X-Forwarded-For so that per-address limits allow the load) and ingestion users creating
 * text datasources on the services. Every request is bounded by `timeoutMs`; a failure is
 * recorded and followed by a pause, as the widget retries. Runs until `stop()`, or until
 * each user has sent `maxRequestsPerUser`.
 */
export function startSoakLoad(options: SoakLoadOptions): SoakLoad {
  const records: SoakRecord[] = [];
  const sentQueries = new Set<string>();
  const ackedExchanges: AckedExchange[] = [];
  const ackedDatasources: string[] = [];
  const open = options.bffs.map(() => new Set<number>());
  let sequence = 0;
  const ackWaiters = options.services.map(() => [] as (() => void)[]);
  let stopped = false;
  let addresses = 0;
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const queryUrl = (bff: number) => `${options.bffs[bff]}/api/agents/${options.agentId}/query`;

  const ask = async (
    id: number,
    bff: number,
    query: string,
    streaming: boolean,
    state: ChatState,
  ): Promise<Omit<SoakRecord, 'id' | 'kind' | 'phase' | 'target'>> => {
    const signal = AbortSignal.timeout(options.timeoutMs);
    addresses += 1;
    const body = {
      query,
      ...(state.visitorId ? { visitorId: state.visitorId } : {}),
      ...(state.conversationId ? { conversationId: state.conversationId } : {}),
      ...(streaming ? { streaming: true } : {}),
    };
    let response: Response;
    try {
      response = await fetch(queryUrl(bff), {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-forwarded-for': `127.0.1.${(addresses % 250) + 1}`,
        },
        body: JSON.stringify(body),
        signal,
      });
    } catch (error) {
      return { outcome: isTimeout(error) ? 'hung' : 'refused', detail: message(error) };
    }
    if (response.status === 429) {
      await response.body?.cancel();
      return { outcome: 'rate-limited' };
    }
    if (response.status !== 200) {
      const text = await response.text().catch(() => '');
      return { outcome: 'http-error', detail: `${response.status} ${text.slice(0, 200)}` };
    }
    const acknowledge = (result: {
      messageId?: string;
      visitorId?: string;
      conversationId?: string;
    }) => {
      if (result.visitorId) state.visitorId = result.visitorId;
      if (result.conversationId) state.conversationId = result.conversationId;
      if (result.messageId) ackedExchanges.push({ query, messageId: result.messageId });
    };
    if (!streaming) {
      try {
        acknowledge((await response.json()) as Record<string, string>);
        return { outcome: 'ok' };
      } catch (error) {
        return { outcome: isTimeout(error) ? 'hung' : 'closed', detail: message(error) };
      }
    }
    open[bff]!.add(id);
    try {
      const accumulator = createAnswerAccumulator();
      if (!response.body) return { outcome: 'closed', detail: 'no body' };
      for await (const event of decodeSseStream(response.body)) accumulator.push(event);
      const state = accumulator.state;
      if (state.status === 'done') {
        acknowledge(state.result);
        return { outcome: 'ok' };
      }
      if (state.status === 'error') {
        // The decoder reports a connection lost mid-stream as this code; the server sent no event.
        const closed = state.error.code === ERROR_CODES.streamInterrupted;
        return {
          outcome: closed ? 'closed' : 'error-event',
          detail: `${state.error.code}: ${state.error.message}`,
        };
      }
      return { outcome: 'closed', detail: 'ended without [DONE]' };
    } catch (error) {
      return { outcome: isTimeout(error) ? 'hung' : 'closed', detail: message(error) };
    } finally {
      open[bff]!.delete(id);
    }
  };

  const chatUser = async (user: number) => {
    const bff = user % options.bffs.length;
    const state: ChatState = {};
    for (let index = 0; !stopped && index < options.maxRequestsPerUser; index += 1) {
      const streaming = index % 2 === 1;
      const query = `soak user ${user} question ${index}: when does the ${words[index % words.length]} leave?`;
      sentQueries.add(query);
      const phase = options.phase();
      const id = sequence++;
      const result = await ask(id, bff, query, streaming, state);
      records.push({ id, kind: streaming ? 'stream' : 'json', phase, target: bff, ...result });
      if (result.outcome !== 'ok') await pause(options.retryDelayMs);
    }
  };

  const ingestionUser = async (user: number) => {
    const service = user % options.services.length;
    for (let index = 0; !stopped && index < options.maxRequestsPerUser; index += 1) {
      const phase = options.phase();
      const id = sequence++;
      let record: Omit<SoakRecord, 'id' | 'kind' | 'phase' | 'target'>;
      try {
        const response = await fetch(`${options.services[service]}/api/datasources`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${options.apiKey}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify({
            datastoreId: options.datastoreId,
            type: 'text',
            name: `soak-${user}-${index}.md`,
            config: { text: documentText(user, index) },
          }),
          signal: AbortSignal.timeout(options.timeoutMs),
        });
        const text = await response.text();
        const id = response.ok ? (JSON.parse(text) as { id?: string }).id : undefined;
        if (id) {
          ackedDatasources.push(id);
          for (const resolve of ackWaiters[service]!.splice(0)) resolve();
          record = { outcome: 'ok' };
        } else {
          record = { outcome: 'http-error', detail: `${response.status} ${text.slice(0, 200)}` };
        }
      } catch (error) {
        record = { outcome: isTimeout(error) ? 'hung' : 'refused', detail: message(error) };
      }
      records.push({ id, kind: 'ingest', phase, target: service, ...record });
      await pause(record.outcome === 'ok' ? options.ingestionPauseMs : options.retryDelayMs);
    }
  };

  const users = [
    ...Array.from({ length: options.chatUsers }, (_, user) => chatUser(user)),
    ...Array.from({ length: options.ingestionUsers }, (_, user) => ingestionUser(user)),
  ];
  return {
    records,
    sentQueries,
    ackedExchanges,
    ackedDatasources,
    openStreams: (index) => new Set(open[index]),
    nextIngestionAck: (index) =>
      new Promise<void>((resolve) => {
        ackWaiters[index]?.push(resolve);
      }),
    async stop() {
      stopped = true;
      await Promise.all(users);
    },
  };
}
