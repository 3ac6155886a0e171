import { CLIENT_ERROR_CODES, ERROR_CODES } from '@agent-chat/protocol';
import { formatString } from '../i18n/format-string.js';
import type { PanelStrings } from '../i18n/locales/panel-strings.js';
import type { ChatError } from './chat-error.js';

/** The plain-words sentence shown in the conversation for an error. */
export function describeError(error: ChatError, strings: PanelStrings): string {
  const { code, status } = error;
  if (code === ERROR_CODES.usageLimit || status === 402) return strings.errorUsageLimit;
  if (code === ERROR_CODES.rateLimited || status === 429) {
    return error.retryAfterSeconds !== undefined && error.retryAfterSeconds > 0
      ? formatString(strings.errorRateLimited, { seconds: error.retryAfterSeconds })
      : strings.errorRateLimitedSoon;
  }
  if (code === CLIENT_ERROR_CODES.offline) return strings.errorOffline;
  if (code === CLIENT_ERROR_CODES.network) return strings.errorNetwork;
  if (code === ERROR_CODES.streamInterrupted || code === ERROR_CODES.invalidStream) {
    return strings.errorInterrupted;
  }
  if (code === ERROR_CODES.invalidRequest || code === ERROR_CODES.payloadTooLarge) {
    return strings.errorRejected;
  }
  if (
    code === ERROR_CODES.forbidden ||
    code === ERROR_CODES.notFound ||
    status === 403 ||
    status === 404
  ) {
    return strings.errorUnavailable;
  }
  return strings.errorServer;
}
