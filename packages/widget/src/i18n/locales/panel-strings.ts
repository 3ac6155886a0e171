/**
 * Every user-visible string of the panel. `{seconds}` in `errorRateLimited` is replaced by
 * the wait time.
 */
export interface PanelStrings {
  title: string;
  welcome: string;
  placeholder: string;
  messageLabel: string;
  send: string;
  stop: string;
  retry: string;
  copy: string;
  copied: string;
  copyCode: string;
  newConversation: string;
  sources: string;
  /** Accessible name of a citation link `[n]`; `{n}` and `{title}` are replaced. */
  citation: string;
  suggestions: string;
  you: string;
  assistant: string;
  stopped: string;
  errorUsageLimit: string;
  errorRateLimited: string;
  errorRateLimitedSoon: string;
  errorOffline: string;
  errorNetwork: string;
  errorServer: string;
  errorInterrupted: string;
  errorRejected: string;
  errorUnavailable: string;
  helpful: string;
  notHelpful: string;
  feedbackComment: string;
  sendFeedback: string;
}
