/**
 * What every widget conversation route handler is built from: the BFF's options and
 * visitor identity, the limits, the {@link VisitorGate} of checks, and the two ways a
 * handler answers (the upstream's JSON, or the mapped error already sent; a visitor's
 * answer, never cached).
 */
import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import { sendError } from '../http/index.js';
import type { UserIdentity, VisitorIdentity } from '../identity/index.js';
import type { Limiter } from '../limits/index.js';
import type { ResolvedBffOptions } from '../options/index.js';
import type { UpstreamClient } from '../upstream/index.js';
import { callUpstreamJson, type UpstreamJsonCall } from './upstream-json-call.js';
import { createVisitorGate, type VisitorGate } from './visitor-gate.js';

/** What the widget's conversation routes are built from (created once by `createBff`). */
export interface WidgetConversationRoutesOptions {
  options: ResolvedBffOptions;
  upstream: UpstreamClient;
  identity: VisitorIdentity;
  /** Verifies signed-in users; undefined when `identitySecret` is unset (no identify). */
  users: UserIdentity | undefined;
  /** Counts feedback and handoff requests (the query route's per-IP and per-visitor limits). */
  limits: { perIp: Limiter; perVisitor: Limiter };
  /** Counts polls for new messages, per visitor (polls are frequent while a widget is open). */
  pollLimit: Limiter;
  logger: Logger | undefined;
}

/** What a route handler of the widget's conversation routes gets (see {@link createRouteContext}). */
export interface RouteContext extends Omit<WidgetConversationRoutesOptions, 'upstream'> {
  gate: VisitorGate;
  /**
   * Calls the upstream for a visitor within the first-byte timeout. Its JSON object on
   * success; on failure the mapped error has been sent and the answer is `undefined`.
   */
  upstreamAnswer(
    res: Response,
    call: Omit<UpstreamJsonCall, 'timeoutMs'>,
  ): Promise<Record<string, unknown> | undefined>;
  /** Sends a visitor's answer: never cached (it is theirs alone). */
  sendAnswer(res: Response, answer: unknown): void;
}

/** One route of the widget's conversation routes; it answers every request itself. */
export type RouteHandler = (req: Request, res: Response) => Promise<void>;

/** Creates the context the widget's conversation route handlers share. */
export function createRouteContext(deps: WidgetConversationRoutesOptions): RouteContext {
  const { upstream, ...shared } = deps;

  async function upstreamAnswer(
    res: Response,
    call: Omit<UpstreamJsonCall, 'timeoutMs'>,
  ): Promise<Record<string, unknown> | undefined> {
    const result = await callUpstreamJson(upstream, res, {
      ...call,
      timeoutMs: deps.options.firstByteTimeoutMs,
    });
    if (result.ok) return result.body;
    sendError(res, result.error.status, result.error.code, result.error.message);
    return undefined;
  }

  function sendAnswer(res: Response, answer: unknown): void {
    res.setHeader('Cache-Control', 'no-store');
    res.json(answer);
  }

  return { ...shared, gate: createVisitorGate(deps), upstreamAnswer, sendAnswer };
}
