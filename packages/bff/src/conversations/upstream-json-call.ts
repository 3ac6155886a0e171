import type { ServerResponse } from 'node:http';
import { requestIdOf } from '../http/index.js';
import {
  createRelayControl,
  errorCodeOfBody,
  MAX_UPSTREAM_ANSWER_BYTES,
  type MappedError,
  mapUpstreamStatus,
  readBodyText,
  TIMED_OUT,
  UNREACHABLE,
  type UpstreamClient,
} from '../upstream/index.js';

/** Outcome of {@link callUpstreamJson}: the upstream's JSON object, or the visitor's error. */
export type UpstreamJsonResult =
  | { ok: true; body: Record<string, unknown> }
  | { ok: false; error: MappedError };

/** One call of {@link callUpstreamJson}. */
export interface UpstreamJsonCall {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  agentId: string;
  timeoutMs: number;
  /**
   * Upstream 4xx error codes the visitor gets as they are (status and code), with the
   * BFF's own message: refusals the widget acts on (e.g. `HANDOFF_DISABLED`). Every other
   * failure is mapped as the query route maps it.
   */
  relayCodes?: Readonly<Record<string, string>>;
}

const unreadable: MappedError = {
  ...UNREACHABLE,
  message: 'The agent service sent an answer the chat server could not read. Please try again.',
};

/**
 * Calls the upstream for a visitor (as the `widget` channel) and reads its JSON object answer, within `timeoutMs`
 * (the call is aborted when the browser goes away). Failures are mapped as the query
 * route maps them (a visitor never sees the upstream's raw body).
 */
export async function callUpstreamJson(
  upstream: UpstreamClient,
  res: ServerResponse,
  call: UpstreamJsonCall,
): Promise<UpstreamJsonResult> {
  const control = createRelayControl();
  const onClose = () => {
    if (!res.writableFinished) control.abort('client');
  };
  res.on('close', onClose);
  control.arm(call.timeoutMs);
  try {
    const response = await upstream.request({
      method: call.method,
      path: call.path,
      ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
      accept: 'application/json',
      requestId: requestIdOf(res),
      channel: 'widget',
      control,
    });
    const text = await readBodyText(response.body, MAX_UPSTREAM_ANSWER_BYTES);
    const status = response.statusCode;
    if (status < 200 || status >= 300) {
      const code = errorCodeOfBody(text);
      const message = code === undefined ? undefined : call.relayCodes?.[code];
      if (code !== undefined && message !== undefined && status >= 400 && status < 500) {
        return { ok: false, error: { status, code, message } };
      }
      return { ok: false, error: mapUpstreamStatus(status, code, call.agentId) };
    }
    const body = parseObject(text);
    return body ? { ok: true, body } : { ok: false, error: unreadable };
  } catch {
    return { ok: false, error: control.cause() === 'timeout' ? TIMED_OUT : UNREACHABLE };
  } finally {
    control.disarm();
    res.off('close', onClose);
  }
}

function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
