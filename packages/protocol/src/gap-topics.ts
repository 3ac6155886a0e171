import type { ContentGapReason } from './insights.js';

/** Limits of the content-gap topics routes (`/api/insights/gaps…`). */
export const GAP_TOPIC_LIMITS = {
  /** Topics per page (`limit`): default and most. */
  page: { default: 20, max: 100 },
  /** Questions listed per topic (the newest; `count` counts them all). */
  questions: 50,
  /** Gaps of a range that are grouped (the newest; a range holding more is cut). */
  gaps: 10_000,
  /** Question variants saved with an answer, or hidden with a topic. */
  variants: 50,
  /** Characters of a question variant. */
  questionLength: 500,
  /** Characters of an answer's Markdown. */
  answerLength: 20_000,
  /** Characters of who answered or hid a topic. */
  byLength: 100,
} as const;

/**
 * Why a question is a content gap: the agent declined it (its decline sentence), retrieval
 * found nothing, the visitor voted the answer down, or an AI tool reported it (MCP's
 * `send_feedback`).
 */
export type GapReason = ContentGapReason | 'declined';

/**
 * How a topic moved against the previous period of the same length: `new` (no question
 * then), `up`, `down` or `flat`.
 */
export type GapTopicTrend = 'new' | 'up' | 'down' | 'flat';

/** Query of `GET /api/insights/gaps`. */
export interface GapTopicsQuery {
  agentId: string;
  /** ISO 8601 (or a date). Default: 30 days before `to`. */
  from?: string;
  /** ISO 8601 (or a date), exclusive. Default: now. */
  to?: string;
  /** `nextCursor` of the previous page. */
  cursor?: string;
  /** Topics per page, 1 to {@link GAP_TOPIC_LIMITS}.page.max (default 20). */
  limit?: number;
}

/** One question of a topic. */
export interface GapTopicQuestion {
  question: string;
  conversationId: string;
  /** The answer's message id. */
  messageId: string;
  /** ISO 8601: when it was answered. */
  at: string;
  reason: GapReason;
}

/** The answer an owner wrote for a topic ({@link GapAnswerBody}). */
export interface GapTopicAnswer {
  /** Who wrote it (`by` of the request). */
  by: string;
  /** ISO 8601. */
  at: string;
  /** The Q&A datasource it was saved in. */
  datasourceId: string;
}

/** Content gaps that ask about the same thing in other words. */
export interface GapTopic {
  /**
   * Stable across calls and periods: the id of the topic remembered as most like it (its
   * strongest terms), else derived from its core terms when first seen.
   */
  id: string;
  /** Its most telling words, joined by ` · `. */
  label: string;
  /** The question closest to the topic's centre: what the answer editor starts with. */
  typicalQuestion: string;
  /** Its questions in the range. */
  count: number;
  /** Its questions in the previous period of the same length. */
  previousCount: number;
  trend: GapTopicTrend;
  /** ISO 8601: its first and last question in the range. */
  firstSeen: string;
  lastSeen: string;
  /** Set once an owner answered it (or a look-alike). */
  answered: GapTopicAnswer | null;
  /** Its questions, newest first (at most {@link GAP_TOPIC_LIMITS}.questions). */
  questions: GapTopicQuestion[];
}

/** Who hid a topic as not relevant, and when (the latest hide it carries). */
export interface GapTopicHide {
  by: string;
  /** ISO 8601. */
  at: string;
}

/** A topic of the range hidden as not relevant: listed apart, so that it can be shown again. */
export interface GapHiddenTopic {
  id: string;
  label: string;
  typicalQuestion: string;
  /** Its questions in the range. */
  count: number;
  hidden: GapTopicHide;
}

/** Response of `GET /api/insights/gaps`: topics largest first. */
export interface GapTopicsResponse {
  /** The range used (ISO 8601; `to` exclusive). */
  from: string;
  to: string;
  topics: GapTopic[];
  /** Topics hidden as not relevant (they and their look-alikes are left out). */
  hidden: number;
  /** Those hidden topics, largest first (not paged: all of them, on every page). */
  hiddenTopics: GapHiddenTopic[];
  /** Pass as `cursor` for the next page; `null` on the last. */
  nextCursor: string | null;
}

/**
 * Body of `POST /api/insights/gaps/answer`: answer a topic once. Saved as question-and-answer
 * pairs (each variant with the answer) in the agent's Q&A datasource of gap answers
 * (created in its first datastore when missing), searchable when the call returns.
 */
export interface GapAnswerBody {
  agentId: string;
  /** The topic answered (recorded with the answer). */
  topicId: string;
  /** The question as the answer is titled (the topic's typical one, perhaps edited). */
  question: string;
  /** The topic's other questions, asked in other words. */
  variants?: string[];
  /** Markdown. */
  answer: string;
  /** A page that says more, cited with the answer. */
  sourceUrl?: string;
  /** Who answered (default: `API`). */
  by?: string;
}

/** Response of `POST /api/insights/gaps/answer`. */
export interface GapAnswerResponse {
  topicId: string;
  datasourceId: string;
  /** The datasource's status when the call returned (`synched` once searchable). */
  status: string;
  answered: GapTopicAnswer;
}

/**
 * Body of `POST /api/insights/gaps/hide`: the topic is not relevant (spam, off-topic); it
 * and the topics its questions group with later are left out of the list.
 */
export interface GapHideBody {
  agentId: string;
  topicId: string;
  /** The topic's questions (what look-alikes are recognised by). */
  questions: string[];
  by?: string;
}

/** Response of `POST /api/insights/gaps/hide`. */
export interface GapHideResponse {
  topicId: string;
  hidden: true;
}

/**
 * Body of `POST /api/insights/gaps/unhide`: show a hidden topic again. The hides it carries
 * in the range (its own, and those of the topics it looks like) are withdrawn.
 */
export interface GapUnhideBody {
  agentId: string;
  /** A topic of `hiddenTopics`. */
  topicId: string;
  /** The range the topic was listed in (as for `GET /api/insights/gaps`); default the last 30 days. */
  from?: string;
  to?: string;
}

/** Response of `POST /api/insights/gaps/unhide`. */
export interface GapUnhideResponse {
  topicId: string;
  hidden: false;
}
