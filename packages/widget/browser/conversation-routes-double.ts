import {
  type DeleteConversationResponse,
  type PastConversation,
  type PastConversationsResponse,
  WIDGET_CONVERSATION_PATHS,
} from '@agent-chat/protocol';
import express, { type Router } from 'express';

/**
 * TEST DOUBLE of the BFF's two past-conversation routes (issue 33), for the widget's browser
 * tests while the real routes are built on another branch (`followups`); switch the tests to
 * the real BFF once they are merged. It speaks the protocol's contract: `POST
 * WIDGET_CONVERSATION_PATHS.conversations` answers a `PastConversationsResponse` with one
 * summary per id it was given and has not deleted (its first question from `questions`, else
 * "Conversation n"), `POST WIDGET_CONVERSATION_PATHS.deleteConversation` answers `{deleted:
 * true}`. It does not check the visitor's signature (the real BFF does); the transcripts come
 * from the real BFF's messages route.
 */
export interface ConversationRoutesDouble {
  router: Router;
  /** First questions by conversation id; set per test. */
  questions: Map<string, string>;
  /** Every request body received, oldest first, with its route. */
  readonly received: { route: 'conversations' | 'delete'; body: Record<string, unknown> }[];
}

const pathOf = (path: (agentId: string) => string): string => path('AGENT').replace('AGENT', ':id');

/** Creates a {@link ConversationRoutesDouble}; mount its `router` before the real BFF. */
export function createConversationRoutesDouble(): ConversationRoutesDouble {
  const deleted = new Set<string>();
  const double: ConversationRoutesDouble = {
    router: express.Router(),
    questions: new Map(),
    received: [],
  };
  const read = (body: unknown): Record<string, unknown> => {
    try {
      return JSON.parse(String(body)) as Record<string, unknown>;
    } catch {
      return {};
    }
  };
  double.router.post(
    pathOf(WIDGET_CONVERSATION_PATHS.conversations),
    express.text({ type: () => true }),
    (req, res) => {
      const body = read(req.body);
      double.received.push({ route: 'conversations', body });
      const ids = Array.isArray(body.conversationIds) ? (body.conversationIds as string[]) : [];
      const conversations: PastConversation[] = ids
        .filter((id) => !deleted.has(id))
        .map((id, index) => ({
          conversationId: id,
          firstQuestion: double.questions.get(id) ?? `Conversation ${index + 1}`,
          status: index === 0 ? 'open' : 'resolved',
          createdAt: new Date(Date.UTC(2026, 10, 25, 9, index)).toISOString(),
          updatedAt: new Date(Date.UTC(2026, 10, 25, 10, index)).toISOString(),
        }));
      const answer: PastConversationsResponse = { conversations };
      res.json(answer);
    },
  );
  double.router.post(
    pathOf(WIDGET_CONVERSATION_PATHS.deleteConversation),
    express.text({ type: () => true }),
    (req, res) => {
      const body = read(req.body);
      double.received.push({ route: 'delete', body });
      deleted.add(String(body.conversationId));
      const answer: DeleteConversationResponse = { deleted: true };
      res.json(answer);
    },
  );
  return double;
}
