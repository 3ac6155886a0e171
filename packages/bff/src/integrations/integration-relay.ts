import { ERROR_CODES, ID_PATTERN, idRuleMessage } from '@agent-chat/protocol';
import { type Request, type Response, Router } from 'express';
import type { Logger } from 'pino';
import { requestIdOf, sendError } from '../http/index.js';
import type { ResolvedBffOptions } from '../options/index.js';
import {
  createRelayControl,
  readBodyText,
  TIMED_OUT,
  UNREACHABLE,
  type UpstreamClient,
} from '../upstream/index.js';
import { readRawBody } from './read-raw-body.js';

/**
 * Largest body Slack or Discord may post through the BFF, bytes (256 KiB, the agent
 * service's own limit): their events and interactions are a few KiB.
 */
export const INTEGRATION_BODY_LIMIT_BYTES = 256 * 1024;

/** Largest answer of the service relayed back (a challenge, PONG, a deferred response). */
const MAX_ANSWER_BYTES = 64 * 1024;

/**
 * The request headers the platforms sign with or that change what the service does:
 * Slack's signature, its timestamp and its retry count; Discord's Ed25519 signature and
 * timestamp. Nothing else of the caller's goes upstream.
 */
const RELAYED_REQUEST_HEADERS = [
  'x-slack-signature',
  'x-slack-request-timestamp',
  'x-slack-retry-num',
  'x-slack-retry-reason',
  'x-signature-ed25519',
  'x-signature-timestamp',
] as const;

/**
 * The service's answers relayed as they are: the answer, and its refusals the platform
 * should see while an operator sets the app up (a bad signature, an unknown agent).
 */
const RELAYED_STATUSES = new Set([200, 204, 400, 401, 404, 413, 503]);

/** The public endpoints of the agent service's integrations, relative to the mount. */
const ENDPOINTS = [
  '/integrations/slack/:agentId/events',
  '/integrations/slack/:agentId/interactions',
  '/integrations/discord/:agentId/interactions',
] as const;

/** What {@link createIntegrationRelay} is built from (created once by `createBff`). */
export interface IntegrationRelayOptions {
  options: ResolvedBffOptions;
  upstream: UpstreamClient;
  logger: Logger | undefined;
}

/**
 * Slack's and Discord's public endpoints on the BFF — `POST /integrations/slack/:agentId/events`,
 * `…/slack/:agentId/interactions` and `…/discord/:agentId/interactions` — relayed to the
 * agent service's same paths, so a site that exposes only the BFF can still connect its
 * agents. The platforms sign the raw body, so it is relayed byte for byte (no parsing, no
 * re-encoding, no `Content-Encoding`: 415), with its content type and the signature
 * headers only, and no API key: the service checks the signature itself. Bodies over
 * {@link INTEGRATION_BODY_LIMIT_BYTES} are 413 before they reach the service; a body that
 * does not arrive within `bodyTimeoutMs` is 408. No per-IP rate limit: every workspace's
 * events come from the platform's few addresses, and an unsigned request costs the service
 * one HMAC.
 */
export function createIntegrationRelay(deps: IntegrationRelayOptions): Router {
  const { options, upstream, logger } = deps;
  const router = Router();

  async function relay(req: Request, res: Response): Promise<void> {
    const agentId = String(req.params.agentId);
    if (!ID_PATTERN.test(agentId)) {
      sendError(res, 400, ERROR_CODES.invalidRequest, `${idRuleMessage('The agent id')}.`);
      return;
    }
    const read = await readRawBody(req, INTEGRATION_BODY_LIMIT_BYTES, options.bodyTimeoutMs);
    if (!read.ok) {
      if (read.reason === 'aborted') return;
      res.setHeader('Connection', 'close');
      if (read.reason === 'too-large') {
        sendError(
          res,
          413,
          ERROR_CODES.payloadTooLarge,
          `The request body is larger than the limit of ${INTEGRATION_BODY_LIMIT_BYTES} bytes.`,
        );
      } else if (read.reason === 'timeout') {
        sendError(res, 408, ERROR_CODES.requestTimeout, 'The request body did not arrive in time.');
      } else if (read.reason === 'encoded') {
        sendError(
          res,
          415,
          ERROR_CODES.unsupportedType,
          'A compressed body cannot be relayed: its signature covers the bytes as sent.',
        );
      } else {
        logger?.error(
          'integration relay: a body parser of the host app read the body first; mount the BFF before it',
        );
        sendError(res, 500, ERROR_CODES.internal, 'The request body could not be read.');
      }
      return;
    }
    const headers: Record<string, string> = {};
    for (const name of RELAYED_REQUEST_HEADERS) {
      const value = req.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const control = createRelayControl();
    res.on('close', () => {
      if (!res.writableFinished) control.abort('client');
    });
    control.arm(options.firstByteTimeoutMs);
    let status: number;
    let contentType: string | undefined;
    let text: string;
    try {
      const response = await upstream.request({
        method: 'POST',
        // The path as the caller sent it below the mount, the agent id checked above.
        path: req.path,
        body: read.body,
        contentType: req.headers['content-type'] ?? 'application/octet-stream',
        headers,
        accept: req.headers.accept ?? 'application/json',
        requestId: requestIdOf(res),
        control,
        authorize: false,
      });
      status = response.statusCode;
      const type = response.headers['content-type'];
      contentType = Array.isArray(type) ? type[0] : type;
      text = await readBodyText(response.body, MAX_ANSWER_BYTES);
    } catch {
      const failure = control.cause() === 'timeout' ? TIMED_OUT : UNREACHABLE;
      if (control.cause() !== 'client') {
        sendError(res, failure.status, failure.code, failure.message);
      }
      return;
    } finally {
      control.disarm();
    }
    if (!RELAYED_STATUSES.has(status)) {
      logger?.warn(
        { agentId, upstreamStatus: status },
        'integration relay: the agent service failed',
      );
      sendError(res, UNREACHABLE.status, UNREACHABLE.code, UNREACHABLE.message);
      return;
    }
    res.status(status);
    if (contentType) res.setHeader('Content-Type', contentType);
    res.setHeader('Cache-Control', 'no-store');
    res.end(text);
  }

  for (const path of ENDPOINTS) {
    router.post(path, (req, res) => void relay(req, res));
  }
  return router;
}
