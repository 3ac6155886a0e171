import type { IncomingMessage } from 'node:http';
import { ERROR_CODES, LIMITS } from '@agent-chat/protocol';
import type { Response } from 'express';
import type { Logger } from 'pino';
import { sendError } from '../http/index.js';
import { mapUpstreamError, readUpstreamErrorBody, redactSecret } from '../upstream/index.js';

/** Upstream response headers relayed to the admin (besides the content type and length we set). */
const FORWARDED_RESPONSE_HEADERS = ['deprecation', 'sunset', 'link'] as const;

/** What {@link relayAdminResponse} needs besides the two ends. */
export interface AdminResponseOptions {
  /** The agent token, redacted from everything relayed. */
  token: string;
  /** The operation is deprecated: answer with `Deprecation: true` unless the upstream says. */
  deprecated: boolean;
  logger: Logger | undefined;
}

/**
 * Buffers an upstream admin response (at most 10 MiB), redacts the agent token from it,
 * and answers: a 2xx with the upstream's status, content type and body, a few safe headers
 * (`Deprecation`, `Sunset`, `Link`) and `Cache-Control: no-store`; an error as JSON,
 * through the one upstream error mapping. A response that breaks off or is oversized is a
 * 502 `UPSTREAM_ERROR`.
 */
export function relayAdminResponse(
  proxyResponse: IncomingMessage,
  res: Response,
  options: AdminResponseOptions,
): void {
  const { token, logger } = options;
  const chunks: Buffer[] = [];
  let size = 0;
  let failed = false;
  const fail = (message: string) => {
    if (failed) return;
    failed = true;
    proxyResponse.destroy();
    sendError(res, 502, ERROR_CODES.upstreamError, message);
  };
  proxyResponse.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size > LIMITS.jsonBodyBytes.max) {
      fail('The agent service answered with an oversized response.');
      return;
    }
    chunks.push(chunk);
  });
  proxyResponse.on('error', () => fail('The agent service response broke off.'));
  proxyResponse.on('aborted', () => fail('The agent service response broke off.'));
  proxyResponse.on('end', () => {
    if (failed || res.headersSent) return;
    const status = proxyResponse.statusCode ?? 502;
    const text = redactSecret(Buffer.concat(chunks).toString('utf8'), token);
    for (const name of FORWARDED_RESPONSE_HEADERS) {
      const value = proxyResponse.headers[name];
      if (typeof value === 'string') res.setHeader(name, redactSecret(value, token));
    }
    if (options.deprecated && !res.hasHeader('deprecation')) res.setHeader('Deprecation', 'true');
    res.setHeader('Cache-Control', 'no-store');
    if (status < 200 || status >= 300) {
      const mapped = mapUpstreamError(status, readUpstreamErrorBody(text), 'operator');
      if (mapped.status >= 500) {
        logger?.warn(
          { upstreamStatus: status, body: text.slice(0, 500) },
          'admin relay: upstream error response',
        );
      }
      sendError(res, mapped.status, mapped.code, mapped.message);
      return;
    }
    const contentType = proxyResponse.headers['content-type'];
    res.status(status);
    res.setHeader('Content-Type', contentType ?? 'application/json; charset=utf-8');
    res.send(Buffer.from(text, 'utf8'));
  });
}

/** Response headers of a streamed export relayed to the admin. */
const STREAMED_RESPONSE_HEADERS = ['content-type', 'content-disposition'] as const;

/**
 * Streams a successful upstream answer (an export of any size) to the admin as it comes,
 * with backpressure: its status, content type and `Content-Disposition`, and
 * `Cache-Control: no-store`. An upstream that breaks off cuts the admin's connection (the
 * export is incomplete, and must not look complete).
 */
export function streamAdminResponse(proxyResponse: IncomingMessage, res: Response): void {
  res.status(proxyResponse.statusCode ?? 200);
  for (const name of STREAMED_RESPONSE_HEADERS) {
    const value = proxyResponse.headers[name];
    if (typeof value === 'string') res.setHeader(name, value);
  }
  res.setHeader('Cache-Control', 'no-store');
  proxyResponse.on('aborted', () => res.destroy());
  proxyResponse.on('error', () => res.destroy());
  res.on('close', () => {
    if (!proxyResponse.complete) proxyResponse.destroy();
  });
  proxyResponse.pipe(res);
}
