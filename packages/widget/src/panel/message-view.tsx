import type { VNode } from 'preact';
import { type ChatMessage, describeError } from '../chat/index.js';
import type { HandoffStrings, PanelStrings } from '../i18n/index.js';
import { memo } from '../memo.js';
import { CopyButton } from './copy-button.js';
import { Feedback, type RateAnswer } from './feedback.js';
import { RetryIcon } from './icons.js';
import { Markdown } from './markdown.js';
import { Sources } from './sources.js';

/** Props of {@link MessageView}. */
export interface MessageViewProps {
  message: ChatMessage;
  strings: PanelStrings & HandoffStrings;
  showSources: boolean;
  /** Set on the last answer when it failed: shows the Retry button. */
  onRetry?: (() => void) | undefined;
  /** Votes on answers; without it, answers show no thumbs. */
  onRate?: RateAnswer | undefined;
}

function MessageViewBase({
  message,
  strings,
  showSources,
  onRetry,
  onRate,
}: MessageViewProps): VNode {
  if (message.role === 'notice' && message.notice) {
    const failed = message.notice === 'errorHandoff';
    return <p class={`notice event ${failed ? 'error' : 'muted'}`}>{strings[message.notice]}</p>;
  }
  if (message.role === 'operator') {
    // A person's reply: labelled, and rendered like answers (safe Markdown, never HTML).
    return (
      <div class="message assistant operator">
        <span class="notice muted">{strings.operator}</span>
        <div class="bubble">
          <Markdown text={message.text} copyLabel={strings.copyCode} copiedLabel={strings.copied} />
        </div>
      </div>
    );
  }
  if (message.role === 'user') {
    return (
      <div class="message user">
        <span class="visually-hidden">{strings.you}: </span>
        <div class="bubble">{message.text}</div>
      </div>
    );
  }
  const streaming = message.state === 'streaming';
  return (
    <div class="message assistant" aria-busy={streaming ? 'true' : undefined}>
      <span class="visually-hidden">{strings.assistant}: </span>
      {message.text || streaming ? (
        <div class="bubble">
          {message.text ? (
            <Markdown
              text={message.text}
              copyLabel={strings.copyCode}
              copiedLabel={strings.copied}
              streaming={streaming}
              sources={showSources ? message.sources : undefined}
              citationLabel={strings.citation}
            />
          ) : (
            <span class="typing" aria-hidden="true">
              <span />
              <span />
              <span />
            </span>
          )}
        </div>
      ) : null}
      {message.state === 'stopped' ? <p class="notice muted">{strings.stopped}</p> : null}
      {message.state === 'error' && message.error ? (
        <p class="notice error">{describeError(message.error, strings)}</p>
      ) : null}
      {showSources && message.sources ? (
        <Sources sources={message.sources} label={strings.sources} id={`m${message.id}`} />
      ) : null}
      {message.state === 'done' || onRetry ? (
        <div class="tools">
          {message.state === 'done' && message.text ? (
            <CopyButton text={message.text} label={strings.copy} copiedLabel={strings.copied} />
          ) : null}
          {message.state === 'done' && message.messageId && onRate ? (
            <Feedback message={message} strings={strings} onRate={onRate} />
          ) : null}
          {onRetry ? (
            <button type="button" class="tool" onClick={onRetry}>
              <RetryIcon />
              <span>{strings.retry}</span>
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

/** One message of the transcript; re-renders only when its message object changes. */
export const MessageView = memo(MessageViewBase);
