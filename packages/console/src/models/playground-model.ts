import type {
  Agent,
  AnswerMetadata,
  ConversationDetail,
  ConversationListResponse,
  Source,
} from '@agent-chat/protocol';
import { type ReadonlySignal, signal } from '@preact/signals';
import type { ApiClient } from './api-client.js';
import { messageOf } from './session-model.js';
import { type QueryTimings, runTimedQuery } from './timed-query.js';

/** Where a playground question stands. */
export type PlaygroundStatus = 'idle' | 'asking' | 'done' | 'error';

/** The Playground page's state: the agent asked, the answer, its sources and timings. */
export interface PlaygroundModel {
  agents: ReadonlySignal<readonly Agent[]>;
  agentsError: ReadonlySignal<string | undefined>;
  agentId: ReadonlySignal<string | undefined>;
  status: ReadonlySignal<PlaygroundStatus>;
  /** The question the answer below is for. */
  asked: ReadonlySignal<string | undefined>;
  answer: ReadonlySignal<string>;
  sources: ReadonlySignal<readonly Source[]>;
  timings: ReadonlySignal<QueryTimings>;
  /** The service's record of the answer (answerer, its own latency, retrieval scores). */
  metadata: ReadonlySignal<AnswerMetadata | undefined>;
  /** Why the service's record could not be read (the answer itself is fine). */
  metadataError: ReadonlySignal<string | undefined>;
  error: ReadonlySignal<string | undefined>;
  load(): Promise<void>;
  selectAgent(id: string): void;
  /** Asks the selected agent; ignored while a question runs (nothing is asked twice). */
  ask(question: string): Promise<void>;
  stop(): void;
}

/** A signed id the BFF gave the browser is `<upstream id>_<signature>`. */
function signs(signedId: string | undefined, upstreamId: string): boolean {
  return signedId?.startsWith(`${upstreamId}_`) === true;
}

/**
 * Creates the Playground's model. Questions go through the BFF's public query route, as
 * the widget asks (so the agent must be one the BFF lets the public query, `ALLOWED_AGENTS`),
 * and are recorded as conversations; the answer's metadata is then read back through the
 * admin conversations API. `fetchImpl` sends the question (default: the page's `fetch`).
 */
export function createPlaygroundModel(
  api: ApiClient,
  baseUrl: string,
  fetchImpl?: typeof fetch,
): PlaygroundModel {
  const agents = signal<readonly Agent[]>([]);
  const agentsError = signal<string | undefined>(undefined);
  const agentId = signal<string | undefined>(undefined);
  const status = signal<PlaygroundStatus>('idle');
  const asked = signal<string | undefined>(undefined);
  const answer = signal('');
  const sources = signal<readonly Source[]>([]);
  const timings = signal<QueryTimings>({});
  const metadata = signal<AnswerMetadata | undefined>(undefined);
  const metadataError = signal<string | undefined>(undefined);
  const error = signal<string | undefined>(undefined);
  let controller: AbortController | undefined;
  /** The agents' load in progress: a question asked meanwhile waits for its agent. */
  let loading: Promise<void> | undefined;

  async function readMetadata(
    agent: string,
    conversationId: string | undefined,
    messageId: string | undefined,
  ): Promise<void> {
    const list = await api.request<ConversationListResponse>(
      'GET',
      `api/conversations?agentId=${encodeURIComponent(agent)}&limit=20`,
    );
    const summary = list.conversations.find((item) => signs(conversationId, item.id));
    if (!summary) throw new Error('the conversation was not found among the latest ones.');
    const detail = await api.request<ConversationDetail>(
      'GET',
      `api/conversations/${encodeURIComponent(summary.id)}`,
    );
    const answers = detail.messages.filter((message) => message.role === 'assistant');
    const message = answers.find((candidate) => signs(messageId, candidate.id)) ?? answers.at(-1);
    metadata.value = message?.metadata ?? undefined;
  }

  async function loadAgents(): Promise<void> {
    try {
      const list = await api.request<Agent[]>('GET', 'api/agents');
      agents.value = [...list].sort((a, b) => a.name.localeCompare(b.name));
      agentsError.value = undefined;
      if (!agents.value.some((agent) => agent.id === agentId.value)) {
        agentId.value = (agents.value.find((agent) => agent.id === 'demo') ?? agents.value[0])?.id;
      }
    } catch (failure) {
      agentsError.value = `The agents could not be loaded: ${messageOf(failure)}`;
    }
  }

  return {
    agents,
    agentsError,
    agentId,
    status,
    asked,
    answer,
    sources,
    timings,
    metadata,
    metadataError,
    error,
    load() {
      const current = loadAgents().finally(() => {
        if (loading === current) loading = undefined;
      });
      loading = current;
      return current;
    },
    selectAgent(id) {
      agentId.value = id;
    },
    async ask(question) {
      // Asked as the page opens: the agent shown is chosen once the list has loaded.
      if (agentId.value === undefined && loading && status.value !== 'asking') await loading;
      const agent = agentId.value;
      if (status.value === 'asking') return;
      if (agent === undefined) {
        error.value = 'Choose an agent first.';
        status.value = 'error';
        return;
      }
      if (question.trim() === '') {
        error.value = 'Type a question.';
        status.value = 'error';
        return;
      }
      controller = new AbortController();
      status.value = 'asking';
      asked.value = question.trim();
      answer.value = '';
      sources.value = [];
      timings.value = {};
      metadata.value = undefined;
      metadataError.value = undefined;
      error.value = undefined;
      try {
        const result = await runTimedQuery({
          url: new URL(`api/agents/${encodeURIComponent(agent)}/query`, baseUrl).href,
          query: question.trim(),
          signal: controller.signal,
          ...(fetchImpl ? { fetch: fetchImpl } : {}),
          onAnswer: (text) => {
            answer.value = text;
          },
          onTimings: (next) => {
            timings.value = next;
          },
        });
        sources.value = result.sources;
        status.value = 'done';
        try {
          await readMetadata(agent, result.conversationId, result.messageId);
        } catch (failure) {
          metadataError.value = `The service's record of this answer could not be read: ${messageOf(failure)}`;
        }
      } catch (failure) {
        error.value = `The agent did not answer: ${messageOf(failure)}`;
        status.value = 'error';
      } finally {
        controller = undefined;
      }
    },
    stop() {
      controller?.abort();
    },
  };
}
