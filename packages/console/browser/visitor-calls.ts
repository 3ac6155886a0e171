import { createHmac } from 'node:crypto';
import type { IdentifyResponse, SignedUser } from '@agent-chat/protocol';
import { expect } from 'vitest';
import { ADMIN_TOKEN, type ConsoleStack, IDENTITY_SECRET, MOUNT } from './console-harness.js';

/** Length of the BFF's signature on the ids it gives browsers (`identity/hmac-signer.ts`). */
const SIGNATURE_LENGTH = 22;

/** An answer to a visitor's question, as the BFF's public route gives it. */
export interface VisitorAnswer {
  /** The conversation's id in the service (the browser's id is signed: `<id>_<signature>`). */
  id: string;
  conversationId: string;
  visitorId: string;
  messageId: string;
}

/** Calls a test makes besides the console's: as a script (admin token) and as a visitor. */
export interface VisitorCalls {
  /** An admin call through the BFF with the admin token, as a script would make it. */
  adminCall<T>(method: string, path: string): Promise<{ status: number; body: T }>;
  /**
   * A visitor's question to the demo agent through the BFF's public route, as the widget
   * asks it: a new anonymous visitor, or the one `visitorId` names.
   */
  ask(query: string, visitorId?: string): Promise<VisitorAnswer>;
  /**
   * Signs a user in as the widget does (`POST /api/agents/demo/identify`), with the hash a
   * host's server computes with `IDENTITY_SECRET`; resolves to the user's visitor id.
   */
  identify(user: Omit<SignedUser, 'userHash'>): Promise<string>;
  /** A visitor's vote on an answer, through the BFF's public route. */
  vote(answer: VisitorAnswer, value: 'good' | 'bad', comment?: string): Promise<void>;
}

/** The calls of {@link VisitorCalls} against a console stack. */
export function createVisitorCalls(stack: ConsoleStack): VisitorCalls {
  const base = `${stack.origin}${MOUNT}`;
  return {
    async adminCall<T>(method: string, path: string) {
      const response = await fetch(`${base}${path}`, {
        method,
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      });
      return { status: response.status, body: (await response.json()) as T };
    },
    async ask(query, visitorId) {
      const response = await fetch(`${base}/api/agents/demo/query`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(visitorId ? { query, visitorId } : { query }),
      });
      expect(response.status).toBe(200);
      const answer = (await response.json()) as Omit<VisitorAnswer, 'id'>;
      // `<id>_<signature>`, the signature 22 base64url characters (which may include `_`).
      return { ...answer, id: answer.conversationId.slice(0, -SIGNATURE_LENGTH - 1) };
    },
    async identify(user) {
      const userHash = createHmac('sha256', IDENTITY_SECRET).update(user.userId).digest('hex');
      const response = await fetch(`${base}/api/agents/demo/identify`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...user, userHash }),
      });
      expect(response.status).toBe(200);
      return ((await response.json()) as IdentifyResponse).visitorId;
    },
    async vote(answer, value, comment) {
      const response = await fetch(`${base}/api/agents/demo/feedback`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          visitorId: answer.visitorId,
          messageId: answer.messageId,
          eval: value,
          ...(comment ? { comment } : {}),
        }),
      });
      expect(response.status).toBe(200);
    },
  };
}
