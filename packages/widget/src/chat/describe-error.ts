import {
  ERROR_CODE_FORBIDDEN,
  ERROR_CODE_INVALID_REQUEST,
  ERROR_CODE_INVALID_STREAM,
  ERROR_CODE_NETWORK,
  ERROR_CODE_NOT_FOUND,
  ERROR_CODE_OFFLINE,
  ERROR_CODE_PAYLOAD_TOO_LARGE,
  ERROR_CODE_RATE_LIMITED,
  ERROR_CODE_STREAM_INTERRUPTED,
  ERROR_CODE_USAGE_LIMIT,
} from '@agent-chat/protocol';
import { formatString, type PanelStrings } from '../i18n/index.js';
import type { ChatError } from './chat-error.js';

/** The plain-words sentence shown in the conversation for an error. */
export function describeError(error: ChatError, strings: PanelStrings): string {
  const { code, status } = error;
  if (code === ERROR_CODE_USAGE_LIMIT || status === 402) return strings.errorUsageLimit;
  if (code === ERROR_CODE_RATE_LIMITED || status === 429) {
    return error.retryAfterSeconds !== undefined && error.retryAfterSeconds > 0
      ? formatString(strings.errorRateLimited, { seconds: error.retryAfterSeconds })
      : strings.errorRateLimitedSoon;
  }
  // Signed-in users: the BFF's own sentence for a visitor who must sign in, or the identity
  // chunk's (in the page's language) for a user the server could not verify.
  if (status === 401) return error.message;
  if (code === ERROR_CODE_OFFLINE) return strings.errorOffline;
  if (code === ERROR_CODE_NETWORK) return strings.errorNetwork;
  if (code === ERROR_CODE_STREAM_INTERRUPTED || code === ERROR_CODE_INVALID_STREAM) {
    return strings.errorInterrupted;
  }
  if (code === ERROR_CODE_INVALID_REQUEST || code === ERROR_CODE_PAYLOAD_TOO_LARGE) {
    return strings.errorRejected;
  }
  if (
    code === ERROR_CODE_FORBIDDEN ||
    code === ERROR_CODE_NOT_FOUND ||
    status === 403 ||
    status === 404
  ) {
    return strings.errorUnavailable;
  }
  return strings.errorServer;
}
