/** Limits of `GET /api/insights`. */
export const INSIGHTS_LIMITS = {
  /** Longest range, in days (400 beyond). */
  rangeDays: 366,
  /** Range when `from` is not given: the 30 days before `to`. */
  defaultDays: 30,
  /** Most content gaps returned (the newest). */
  gaps: 50,
} as const;

/** Query of `GET /api/insights`: one agent (or all), a time range (`from` ≤ t < `to`). */
export interface InsightsQuery {
  agentId?: string;
  /** ISO 8601 (or a date). Default: {@link INSIGHTS_LIMITS}.defaultDays before `to`. */
  from?: string;
  /** ISO 8601 (or a date), exclusive. Default: now. */
  to?: string;
}

/** Visitors' questions on one UTC day. */
export interface InsightsDay {
  /** `YYYY-MM-DD` (UTC). */
  date: string;
  queries: number;
}

/**
 * Why an answer is a content gap: retrieval found nothing, the visitor voted it down, or
 * an AI tool reported it through the agent's MCP server (`send_feedback`; its comment says
 * what is missing or wrong).
 */
export type ContentGapReason = 'nothing-retrieved' | 'thumbs-down' | 'ai-tool';

/** A question the agent could not answer: what to add to its knowledge next. */
export interface ContentGap {
  conversationId: string;
  /** The answer's message id. */
  messageId: string;
  /** The visitor's question (the user message before the answer; first 500 characters). */
  question: string;
  /** The answer given (first 500 characters). */
  answer: string;
  reasons: ContentGapReason[];
  /** The visitor's comment with a thumbs down, or the AI tool's report, if any. */
  comment: string | null;
  /** ISO 8601: when the answer was given. */
  createdAt: string;
}

/** Response of `GET /api/insights`. */
export interface InsightsResponse {
  /** The range used (ISO 8601; `to` exclusive). */
  from: string;
  to: string;
  /** One entry per UTC day of the range, oldest first, zero-filled. */
  days: InsightsDay[];
  /** Visitors' questions in the range. */
  queries: number;
  /** AI answers in the range. */
  answers: number;
  /** Votes on those answers. */
  feedback: { good: number; bad: number };
  /** Answers for which retrieval found nothing. */
  nothingRetrieved: number;
  /** Number of content gaps in the range (the list holds the newest {@link INSIGHTS_LIMITS}.gaps). */
  gapCount: number;
  /** Content gaps, newest first. */
  gaps: ContentGap[];
}
