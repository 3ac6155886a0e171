import type { MessageEval } from '@agent-chat/protocol';
import type { VNode } from 'preact';
import { useState } from 'preact/hooks';
import type { ChatMessage } from '../chat/index.js';
import type { PanelStrings } from '../i18n/index.js';
import { ThumbDownIcon, ThumbUpIcon } from './icons.js';

/** Votes on an answer: `undefined` clears the vote. */
export type RateAnswer = (id: string, vote: MessageEval | undefined, comment?: string) => void;

/** Props of {@link Feedback}. */
export interface FeedbackProps {
  message: ChatMessage;
  strings: PanelStrings;
  onRate: RateAnswer;
}

/**
 * Thumbs up / down on an answer (pressing the chosen one again takes the vote back); a
 * thumbs down asks for an optional comment, sent with the vote.
 */
export function Feedback({ message, strings, onRate }: FeedbackProps): VNode {
  const [asking, setAsking] = useState(false);
  const [comment, setComment] = useState('');
  const vote = (value: MessageEval) => {
    const next = message.vote === value ? undefined : value;
    onRate(message.id, next);
    setAsking(next === 'bad');
  };
  return (
    <>
      <button
        type="button"
        class="tool"
        aria-pressed={message.vote === 'good' ? 'true' : 'false'}
        title={strings.helpful}
        onClick={() => vote('good')}
      >
        <ThumbUpIcon />
        <span class="visually-hidden">{strings.helpful}</span>
      </button>
      <button
        type="button"
        class="tool"
        aria-pressed={message.vote === 'bad' ? 'true' : 'false'}
        title={strings.notHelpful}
        onClick={() => vote('bad')}
      >
        <ThumbDownIcon />
        <span class="visually-hidden">{strings.notHelpful}</span>
      </button>
      {asking ? (
        <form
          class="feedback-comment"
          onSubmit={(event) => {
            event.preventDefault();
            if (comment.trim()) onRate(message.id, 'bad', comment.trim());
            setAsking(false);
          }}
        >
          <input
            type="text"
            maxLength={1000}
            aria-label={strings.feedbackComment}
            placeholder={strings.feedbackComment}
            value={comment}
            onInput={(event) => setComment(event.currentTarget.value)}
          />
          <button type="submit" class="tool">
            {strings.sendFeedback}
          </button>
        </form>
      ) : null}
    </>
  );
}
