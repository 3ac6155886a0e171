import type { IncomingMessage, ServerResponse } from 'node:http';
import { ERROR_CODES } from '@agent-chat/protocol';
import type { Request, RequestHandler, Response } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import type { Logger } from 'pino';
import { BffError } from '../bff-error.js';
import { sendError } from '../http/index.js';
import { redactSecret } from '../upstream/index.js';
import { relayAdminResponse, streamAdminResponse } from './admin-response.js';

/** What the relay sends upstream for one admin request (set by the route before the proxy). */
export interface RelayPlan {
  upstreamPath: string;
  /** JSON body; `''` sends none (reads). */
  body: string;
  deprecated: boolean;
  /** Stream a successful answer through instead of buffering it (exports). */
  stream: boolean;
  timedOut: boolean;
}

/** Request headers relayed to the upstream; everything else (cookies, hop-by-hop, proxy auth) is dropped. */
const FORWARDED_REQUEST_HEADERS = new Set([
  'accept',
  'accept-language',
  'user-agent',
  'x-request-id',
]);

/** Options of {@link createAdminProxy}. */
export interface AdminProxyOptions {
  upstreamUrl: URL;
  /** The agent token: replaces the admin's credentials, redacted from everything relayed. */
  token: string;
  /** Time the upstream has to answer, ms (504 `UPSTREAM_TIMEOUT` after). */
  timeoutMs: number;
  logger: Logger | undefined;
}

/** The admin relay: {@link AdminProxy.plan} a request, then let {@link AdminProxy.relay} send it. */
export interface AdminProxy {
  /** Records what to send upstream for `req`. */
  plan(req: IncomingMessage, plan: RelayPlan): void;
  /** The http-proxy-middleware that sends a planned request and answers with its response. */
  relay: RequestHandler;
}

/**
 * The pass-through admin relay over http-proxy-middleware, to the fixed `upstreamUrl`: the
 * admin's credentials are replaced by `Bearer <agentApiToken>`, only a few safe request
 * headers are forwarded, the validated body is re-sent, and the response is buffered and
 * answered by {@link relayAdminResponse}. Unreachable: 502 `UPSTREAM_ERROR`; silent for
 * `timeoutMs`: 504 `UPSTREAM_TIMEOUT`.
 */
export function createAdminProxy(options: AdminProxyOptions): AdminProxy {
  const { token, timeoutMs, logger } = options;
  const plans = new WeakMap<IncomingMessage, RelayPlan>();

  const relay = createProxyMiddleware<Request, Response>({
    target: options.upstreamUrl.href,
    changeOrigin: true,
    xfwd: false,
    selfHandleResponse: true,
    ejectPlugins: true,
    pathRewrite: (_path, req) => plans.get(req)?.upstreamPath ?? '/',
    plugins: [
      (proxyServer) => {
        proxyServer.on('proxyReq', (proxyRequest, req) => {
          const plan = plans.get(req);
          if (!plan) {
            proxyRequest.destroy(new Error('admin relay: no plan for this request'));
            return;
          }
          for (const name of proxyRequest.getHeaderNames()) {
            if (!FORWARDED_REQUEST_HEADERS.has(name) && name !== 'host' && name !== 'connection') {
              proxyRequest.removeHeader(name);
            }
          }
          proxyRequest.setHeader('authorization', `Bearer ${token}`);
          if (plan.body !== '') {
            proxyRequest.setHeader('content-type', 'application/json');
            proxyRequest.setHeader('content-length', Buffer.byteLength(plan.body));
          }
          proxyRequest.setHeader('accept-encoding', 'identity');
          proxyRequest.setTimeout(timeoutMs, () => {
            plan.timedOut = true;
            proxyRequest.destroy(
              new BffError(
                ERROR_CODES.upstreamTimeout,
                'The agent service did not answer in time.',
                { status: 504 },
              ),
            );
          });
          if (plan.body !== '') proxyRequest.write(plan.body);
        });
        proxyServer.on('proxyRes', (proxyResponse, req, res) => {
          const plan = plans.get(req);
          const status = proxyResponse.statusCode ?? 502;
          if (plan?.stream && status >= 200 && status < 300) {
            streamAdminResponse(proxyResponse, res as Response);
            return;
          }
          relayAdminResponse(proxyResponse, res as Response, {
            token,
            deprecated: plan?.deprecated === true,
            logger,
          });
        });
        proxyServer.on('error', (error, req, res) => {
          const timedOut =
            plans.get(req)?.timedOut === true ||
            (error instanceof BffError && error.code === ERROR_CODES.upstreamTimeout);
          const code = (error as { code?: unknown }).code;
          logger?.warn(
            { err: { message: redactSecret(error.message, token), code } },
            'admin relay: upstream request failed',
          );
          if (!('setHeader' in res)) {
            res.destroy();
            return;
          }
          const response: ServerResponse = res;
          if (response.headersSent) {
            response.destroy();
            return;
          }
          if (timedOut) {
            sendError(
              response,
              504,
              ERROR_CODES.upstreamTimeout,
              `The agent service did not answer within ${timeoutMs} ms.`,
            );
          } else {
            sendError(
              response,
              502,
              ERROR_CODES.upstreamError,
              `The agent service could not be reached${typeof code === 'string' ? ` (${code})` : ''}.`,
            );
          }
        });
      },
    ],
  });

  return {
    plan(req, plan) {
      plans.set(req, plan);
    },
    relay,
  };
}
