/**
 * The answer editor's draft of a gap topic: prefilled from the topic (its typical question,
 * the others as variants), and checked into the body of `POST api/insights/gaps/answer`.
 */
import { GAP_TOPIC_LIMITS, type GapAnswerBody, type GapTopic } from '@agent-chat/protocol';

/** What the answer editor holds: prefilled from a topic, edited by the owner. */
export interface GapAnswerDraft {
  topicId: string;
  /** The topic's label, for the editor's title. */
  label: string;
  /** The question the answer is titled by (the topic's most typical one at first). */
  question: string;
  /** Markdown. */
  answer: string;
  /** Optional: a page that says more. */
  sourceUrl: string;
  /** The topic's other questions, saved as variants of `question`. */
  variants: string[];
}

/**
 * The editor's draft for a topic: its most typical question as the title, every other
 * question of the topic (each once, case and spacing ignored) as a variant.
 */
export function answerDraftOf(topic: GapTopic): GapAnswerDraft {
  const key = (question: string) => question.replace(/\s+/g, ' ').trim().toLowerCase();
  const seen = new Set([key(topic.typicalQuestion)]);
  const variants: string[] = [];
  for (const { question } of topic.questions) {
    if (seen.has(key(question)) || key(question) === '') continue;
    seen.add(key(question));
    variants.push(question);
  }
  variants.length = Math.min(variants.length, GAP_TOPIC_LIMITS.variants);
  return {
    topicId: topic.id,
    label: topic.label,
    question: topic.typicalQuestion,
    answer: '',
    sourceUrl: '',
    variants,
  };
}

/** The body of `POST api/insights/gaps/answer` for a draft, or why it cannot be sent yet. */
export function answerBodyOf(
  agentId: string,
  draft: GapAnswerDraft,
): { body: GapAnswerBody } | { problem: string } {
  if (draft.question.trim() === '') return { problem: 'Write the question the answer is for.' };
  if (draft.answer.trim() === '') return { problem: 'Write the answer.' };
  const sourceUrl = draft.sourceUrl.trim();
  if (sourceUrl !== '' && !/^https?:\/\/\S+$/i.test(sourceUrl)) {
    return { problem: 'The source URL must start with http:// or https://.' };
  }
  return {
    body: {
      agentId,
      topicId: draft.topicId,
      question: draft.question.trim(),
      variants: draft.variants,
      answer: draft.answer,
      ...(sourceUrl === '' ? {} : { sourceUrl }),
    },
  };
}
