/**
 * One gap topic in the list: its label, count, trend mark, first and last seen, its
 * actions (answer, not relevant) and, expanded, its questions with their reasons and
 * conversations.
 */
import type { GapReason, GapTopic } from '@agent-chat/protocol';
import type { GapTopicsModel } from '../models/gap-topics-model.js';
import { trendMark } from '../models/trend-mark.js';
import { formatTime } from './conversation-parts.js';

/** How each reason a question is a content gap reads on its badge. */
const REASON_LABELS: Record<GapReason, string> = {
  declined: 'Declined',
  'nothing-retrieved': 'Nothing retrieved',
  'thumbs-down': 'Thumbs down',
  'ai-tool': 'From an AI tool',
};

function formatDay(iso: string): string {
  return new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });
}

function TrendMark({ topic }: { topic: GapTopic }) {
  const mark = trendMark(topic);
  return (
    <span class={`trend trend-${mark.tone}`} title={mark.text}>
      <span aria-hidden="true">{mark.symbol}</span>
      <span class="visually-hidden">{mark.text}</span>
    </span>
  );
}

function TopicQuestions({ topic, id }: { topic: GapTopic; id: string }) {
  return (
    <ul id={id} class="gap-questions">
      {topic.questions.map((question) => (
        <li key={question.messageId}>
          <span class="gap-question">{question.question}</span>{' '}
          <span class="badge warn">{REASON_LABELS[question.reason]}</span>{' '}
          <time class="muted" dateTime={question.at}>
            {formatTime(question.at)}
          </time>{' '}
          <a href={`#conversations/${encodeURIComponent(question.conversationId)}`}>
            Open the conversation<span class="visually-hidden">: {question.question}</span>
          </a>
        </li>
      ))}
      {topic.count > topic.questions.length ? (
        <li class="muted">
          The newest {topic.questions.length} of {topic.count} questions.
        </li>
      ) : null}
    </ul>
  );
}

/** A topic of the list, with its actions; its questions when expanded. */
export function GapTopicItem(props: { topic: GapTopic; model: GapTopicsModel; onHide(): void }) {
  const { topic, model } = props;
  const open = model.expanded.value.has(topic.id);
  const questionsId = `gap-topic-${topic.id}`;
  const hiding = model.hiding.value === topic.id;
  return (
    <li class="card gap-topic">
      <h3>
        <button
          type="button"
          class="gap-toggle"
          aria-expanded={open ? 'true' : 'false'}
          aria-controls={questionsId}
          onClick={() => model.toggle(topic.id)}
        >
          <span aria-hidden="true">{open ? '▾' : '▸'} </span>
          {topic.label || topic.typicalQuestion}
          <span class="gap-count">
            {' '}
            — {topic.count} {topic.count === 1 ? 'question' : 'questions'}
          </span>
        </button>
      </h3>
      <p class="muted">
        <TrendMark topic={topic} /> First seen{' '}
        <time dateTime={topic.firstSeen}>{formatDay(topic.firstSeen)}</time>, last seen{' '}
        <time dateTime={topic.lastSeen}>{formatDay(topic.lastSeen)}</time>
        {topic.answered ? (
          <>
            {' '}
            <span class="badge ok">
              Answered by {topic.answered.by} on {formatTime(topic.answered.at)}
            </span>
          </>
        ) : null}
      </p>
      <p class="gap-typical">
        <q>{topic.typicalQuestion}</q>
      </p>
      <div class="actions">
        <button type="button" onClick={() => model.write(topic.id)}>
          {topic.answered ? 'Answer again' : 'Write the answer'}
          <span class="visually-hidden">: {topic.label}</span>
        </button>
        <button
          type="button"
          class="secondary"
          disabled={hiding}
          aria-busy={hiding ? 'true' : undefined}
          onClick={props.onHide}
        >
          Not relevant<span class="visually-hidden">: {topic.label}</span>
        </button>
      </div>
      {open ? <TopicQuestions topic={topic} id={questionsId} /> : null}
    </li>
  );
}
