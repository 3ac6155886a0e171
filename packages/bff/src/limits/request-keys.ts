/**
 * Whom a request is counted as: the verified visitor and the client address the query
 * route tells the limiters (kept in the response's `locals`), and the client key requests
 * without a visitor share.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { localsOf } from '../http/index.js';
import { ipCountKey } from './ip-count-key.js';

const visitorIdKey = Symbol('agent-chat.visitorId');
const clientIpKey = Symbol('agent-chat.clientIp');

/**
 * Tells the per-visitor limiter whose request this is (kept in the response's `locals`, a
 * dictionary: new properties on Express's `req`/`res` are slow): a verified visitor id, or
 * for requests without one, a key of the client ({@link clientKeyOf}). Requests without
 * a key pass.
 */
export function setRateLimitVisitor(res: ServerResponse, visitorId: string | undefined): void {
  localsOf(res)[visitorIdKey] = visitorId;
}

/**
 * Gives the per-IP limiter the client address of a request served outside Express (which
 * otherwise provides `req.ip`, honouring its `trust proxy` setting).
 */
export function setRateLimitClientIp(res: ServerResponse, ip: string | undefined): void {
  localsOf(res)[clientIpKey] = ip;
}

/** The visitor {@link setRateLimitVisitor} named, if any. */
export function visitorIdOf(res: ServerResponse): string | undefined {
  const visitorId = localsOf(res)[visitorIdKey];
  return typeof visitorId === 'string' && visitorId !== '' ? visitorId : undefined;
}

/** The client address: {@link setRateLimitClientIp}'s, else Express's `req.ip`, else the socket's. */
export function clientIpOf(req: IncomingMessage, res: ServerResponse): string {
  const ip = localsOf(res)[clientIpKey] ?? (req as { ip?: string }).ip;
  return typeof ip === 'string' ? ip : (req.socket.remoteAddress ?? '');
}

/**
 * The client as the per-IP limit counts it (the address, IPv6 by /56): the key requests
 * without a verified visitor share for the per-visitor limit and stream cap, so leaving the
 * visitor id out gains nothing.
 */
export function clientKeyOf(req: IncomingMessage, res: ServerResponse): string {
  return ipCountKey(clientIpOf(req, res));
}
