/**
 * Simulated chat users for the memory benchmark: each keeps one visitor and conversation,
 * asks a question, reads the whole answer (JSON or a stream, alternately), and asks the next.
 */

/** Questions about the demo documents (what the demo datastore holds). */
const QUESTIONS = [
  'How do I embed the widget?',
  'What is agent-chat?',
  'How do I configure the BFF?',
  'How do I deploy it behind a reverse proxy?',
  'Which environment variables does the BFF read?',
  'Can I change the widget colour?',
  'How do rate limits work?',
  'Where is my data stored?',
  'Does it work without an OpenAI key?',
  'How do I restrict which sites can use the widget?',
];

/** Where the users chat. */
export interface ChatTarget {
  /** Base URL of a BFF (or an agent service with `headers` carrying its key). */
  url: string;
  agentId: string;
  /** Extra headers on every request (e.g. an agent service's `Authorization`). */
  headers?: Record<string, string>;
}

/** What a run of {@link runChatUsers} did. */
export interface ChatUsersResult {
  queries: number;
  errors: number;
  /** The first error's text, to say what went wrong. */
  firstError?: string;
}

/**
 * Runs `users` chat users against `target` until `queries` have been asked in all or
 * `durationMs` has passed (whichever is given; both: the first reached). Each user starts
 * a new conversation every 5 questions, so that history stays short as a visitor's does.
 */
export async function runChatUsers(
  target: ChatTarget,
  options: { users: number; queries?: number; durationMs?: number },
): Promise<ChatUsersResult> {
  const deadline = options.durationMs === undefined ? Infinity : Date.now() + options.durationMs;
  const limit = options.queries ?? Infinity;
  let asked = 0;
  let errors = 0;
  let firstError: string | undefined;
  const user = async (index: number) => {
    let visitorId: string | undefined;
    let conversationId: string | undefined;
    for (let turn = 0; asked < limit && Date.now() < deadline; turn += 1) {
      asked += 1;
      if (turn % 5 === 0) conversationId = undefined;
      const streaming = (index + turn) % 2 === 1 && visitorId !== undefined;
      const body = {
        query: QUESTIONS[(index * 3 + turn) % QUESTIONS.length],
        streaming,
        ...(visitorId ? { visitorId } : {}),
        ...(conversationId ? { conversationId } : {}),
      };
      try {
        const response = await fetch(`${target.url}/api/agents/${target.agentId}/query`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...target.headers },
          body: JSON.stringify(body),
        });
        const text = await response.text();
        if (!response.ok) throw new Error(`HTTP ${response.status}: ${text.slice(0, 200)}`);
        if (streaming) {
          if (!text.includes('[DONE]'))
            throw new Error(`stream without [DONE]: ${text.slice(-200)}`);
        } else {
          const answer = JSON.parse(text) as { visitorId?: string; conversationId?: string };
          visitorId = answer.visitorId ?? visitorId;
          conversationId = answer.conversationId ?? conversationId;
        }
      } catch (error) {
        errors += 1;
        firstError ??= error instanceof Error ? error.message : String(error);
      }
    }
  };
  await Promise.all(Array.from({ length: options.users }, (_, index) => user(index)));
  return { queries: asked, errors, ...(firstError === undefined ? {} : { firstError }) };
}
