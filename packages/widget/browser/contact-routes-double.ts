import {
  type ContactCaptureResponse,
  type ContactRequest,
  type ContactResponse,
  DEFAULT_CONTACT_CAPTURE,
  ERROR_CODE_INVALID_REQUEST,
  WIDGET_CONVERSATION_PATHS,
} from '@agent-chat/protocol';
import { contactRequestSchema, parseBody } from '@agent-chat/protocol/schemas';
import express, { type Router } from 'express';

/**
 * TEST DOUBLE of the BFF's two widget contact routes (issue 31), for the widget's browser
 * tests while the real routes are built on another branch; switch the tests to the real
 * BFF once they are merged. It speaks the protocol's contract: `GET
 * WIDGET_CONVERSATION_PATHS.contactCapture` answers `settings`; `POST
 * WIDGET_CONVERSATION_PATHS.contact` validates its `text/plain` JSON body with the real
 * `contactRequestSchema` (400 `INVALID_REQUEST` naming the field, as the BFF does) and
 * answers a `ContactResponse`. It does not check the visitor's signature (the real BFF
 * does) and stores nothing but what it received, for the test to read.
 */
export interface ContactRoutesDouble {
  router: Router;
  /** What `GET …/contact-capture` answers; change it per test. */
  settings: ContactCaptureResponse;
  /** Every accepted submission, oldest first, with the agent id of its path. */
  readonly received: (ContactRequest & { agentId: string })[];
}

/** The Express route of a widget path (`/api/agents/:id/…`). */
const pathOf = (path: (agentId: string) => string): string => path('AGENT').replace('AGENT', ':id');

/** Creates a {@link ContactRoutesDouble}; mount its `router` before the real BFF. */
export function createContactRoutesDouble(): ContactRoutesDouble {
  const double: ContactRoutesDouble = {
    router: express.Router(),
    settings: DEFAULT_CONTACT_CAPTURE,
    received: [],
  };
  double.router.get(pathOf(WIDGET_CONVERSATION_PATHS.contactCapture), (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(double.settings);
  });
  double.router.post(
    pathOf(WIDGET_CONVERSATION_PATHS.contact),
    express.text({ type: () => true }),
    (req, res) => {
      let body: unknown;
      try {
        body = JSON.parse(String(req.body));
      } catch {
        body = undefined;
      }
      const parsed = parseBody(contactRequestSchema, body);
      if (!parsed.success) {
        res
          .status(400)
          .json({ error: { code: ERROR_CODE_INVALID_REQUEST, message: parsed.message } });
        return;
      }
      double.received.push({ ...(parsed.data as ContactRequest), agentId: String(req.params.id) });
      const answer: ContactResponse = {
        email: parsed.data.email,
        name: parsed.data.name || null,
        phone: parsed.data.phone || null,
      };
      res.json(answer);
    },
  );
  return double;
}
