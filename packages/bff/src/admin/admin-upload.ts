import http from 'node:http';
import https from 'node:https';
import { Transform } from 'node:stream';
import { ERROR_CODES } from '@agent-chat/protocol';
import type { RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import { sendError } from '../http/index.js';
import { redactSecret } from '../upstream/index.js';
import { relayAdminResponse } from './admin-response.js';

/** Room for the multipart framing and text fields around the file, in bytes. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

/** Options of {@link createAdminUploadRelay}. */
export interface AdminUploadRelayOptions {
  upstreamUrl: URL;
  /** The agent token: replaces the admin's credentials. */
  token: string;
  /** Largest file, bytes; the whole form may be {@link FORM_OVERHEAD_BYTES} larger. */
  limitBytes: number;
  /** Time the upstream has to answer, ms. */
  timeoutMs: number;
  logger: Logger | undefined;
}

function refuseTooLarge(res: Response, limitBytes: number): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.set('Connection', 'close');
  sendError(
    res,
    413,
    ERROR_CODES.payloadTooLarge,
    `The file is larger than the ${limitBytes} bytes allowed (UPLOAD_LIMIT_BYTES); nothing was stored.`,
  );
}

/**
 * Relays a `multipart/form-data` upload (`POST /api/datasources` with a file) to the
 * upstream as a stream, never buffering it: a declared `Content-Length` over the limit is
 * refused with 413 before anything is sent upstream; an upload without one (or lying) is
 * counted as it streams and cut off — the upstream request aborted, so the upstream never
 * receives a whole oversized form and stores nothing — then answered 413. Other requests
 * pass on (`next()`) to the JSON relay.
 */
export function createAdminUploadRelay(options: AdminUploadRelayOptions): RequestHandler {
  const { token, limitBytes, logger } = options;
  const maxFormBytes = limitBytes + FORM_OVERHEAD_BYTES;
  const transport = options.upstreamUrl.protocol === 'https:' ? https : http;
  const target = new URL(
    'api/datasources',
    options.upstreamUrl.href.endsWith('/') ? options.upstreamUrl : `${options.upstreamUrl.href}/`,
  );
  return function adminUploadRelay(req, res, next) {
    if (!req.is('multipart/form-data')) {
      next();
      return;
    }
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > maxFormBytes) {
      refuseTooLarge(res, limitBytes);
      req.resume();
      return;
    }
    let counted = 0;
    let refused = false;
    const upstream = transport.request(target, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': req.headers['content-type'] ?? 'multipart/form-data',
        accept: 'application/json',
        'accept-encoding': 'identity',
        ...(Number.isFinite(declared) ? { 'content-length': String(declared) } : {}),
      },
      timeout: options.timeoutMs,
    });
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        counted += chunk.length;
        if (counted > maxFormBytes) {
          refused = true;
          upstream.destroy();
          req.unpipe(counter);
          req.resume();
          refuseTooLarge(res, limitBytes);
          callback();
          return;
        }
        callback(null, chunk);
      },
    });
    upstream.on('response', (response) => {
      if (refused) {
        response.resume();
        return;
      }
      relayAdminResponse(response, res, { token, deprecated: false, logger });
    });
    upstream.on('timeout', () => {
      upstream.destroy(Object.assign(new Error('timeout'), { code: 'UPSTREAM_TIMEOUT' }));
    });
    upstream.on('error', (error) => {
      if (refused) return;
      const code = (error as { code?: unknown }).code;
      logger?.warn(
        { err: { message: redactSecret(error.message, token), code } },
        'admin upload relay: upstream request failed',
      );
      if (res.headersSent) {
        res.destroy();
        return;
      }
      if (code === 'UPSTREAM_TIMEOUT') {
        sendError(
          res,
          504,
          ERROR_CODES.upstreamTimeout,
          `The agent service did not answer within ${options.timeoutMs} ms.`,
        );
      } else {
        sendError(
          res,
          502,
          ERROR_CODES.upstreamError,
          `The agent service could not be reached${typeof code === 'string' ? ` (${code})` : ''}.`,
        );
      }
    });
    req.on('aborted', () => upstream.destroy());
    req.pipe(counter).pipe(upstream);
  };
}
