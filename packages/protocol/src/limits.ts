/** Longest id; its own constant so that {@link ID_PATTERN} does not pull `LIMITS` into a bundle. */
const ID_MAX_LENGTH = 128;

// The limits a browser bundle (the widget) uses are their own constants, so that importing
// one does not carry the whole table.
/** Longest query text, in characters, the service accepts. */
export const QUERY_LENGTH_LIMIT = { min: 1, max: 10_000 } as const;
/** Longest name of an agent, datastore or datasource. */
export const NAME_LENGTH_LIMIT = { max: 200 } as const;
/** Longest comment with a vote on an answer. */
export const COMMENT_LENGTH_LIMIT = { max: 1_000 } as const;
/** Longest contact email (RFC 5321's path limit). */
export const EMAIL_LENGTH_LIMIT = { max: 254 } as const;
/** Longest contact phone number, as typed. */
export const PHONE_LENGTH_LIMIT = { max: 40 } as const;
/** Earlier conversations a widget keeps per agent, and asks the BFF about at once. */
export const PAST_CONVERSATIONS_LIMIT = { max: 20 } as const;
/** Follow-up questions suggested after an answer, and the longest one in characters. */
export const FOLLOW_UPS_LIMIT = { max: 3, length: 120 } as const;

/** Longest search query, in characters: a search box holds words, not a question's paragraph. */
export const SEARCH_QUERY_LIMIT = { min: 1, max: 200 } as const;

/** Results of one search: 8 unless asked, at most 20. */
export const SEARCH_RESULTS_LIMIT = { min: 1, max: 20, default: 8 } as const;

/**
 * Numeric limits of the API. Schemas enforce them; UIs and the BFF may quote them in
 * messages. Ranges are inclusive.
 */
export const LIMITS = {
  temperature: { min: 0, max: 1 },
  presencePenalty: { min: -2, max: 2 },
  frequencyPenalty: { min: -2, max: 2 },
  topP: { min: 0, max: 1 },
  /** Upper bound on `maxTokens` accepted by the service (positive integer below it). */
  maxTokens: { min: 1, max: 128_000 },
  /** Longest query text, in characters, the service accepts. */
  queryLength: QUERY_LENGTH_LIMIT,
  /** Longest name of an agent, datastore or datasource. */
  nameLength: NAME_LENGTH_LIMIT,
  /** Longest description. */
  descriptionLength: { max: 2_000 },
  /** Longest prompt (system prompt, user prompt, prompt template). */
  promptLength: { max: 20_000 },
  /** Longest single document text in an upsert, in characters. */
  documentLength: { max: 2_000_000 },
  /** Most documents in one upsert. */
  documentsPerUpsert: { max: 100 },
  /**
   * Largest JSON body, in bytes (10 MiB): what the service accepts by default (its
   * `bodyLimitBytes` option), the BFF relays on admin routes, and the BFF reads back from
   * the upstream (document upserts carry whole texts).
   */
  jsonBodyBytes: { max: 10 * 1024 * 1024 },
  /** Default largest uploaded file, in bytes (25 MiB); the service and the BFF may configure another. */
  uploadBytes: { max: 25 * 1024 * 1024 },
  /**
   * Most pages one `web_site` datasource may crawl (`config.max_pages`; default 1,000, enough
   * for a real documentation site; a crawl a limit ends says so in `config.stopped_by`).
   */
  crawlPages: { max: 10_000, default: 1_000 },
  /** Deepest link depth a crawl may follow from its start URL (`config.max_depth`; default 5). */
  crawlDepth: { max: 50, default: 5 },
  /**
   * Minutes between scheduled re-syncs of a `web_page` or `web_site` datasource
   * (`config.sync_interval_minutes`; null or absent: manual). `min` is the service's
   * default; its `SYNC_MIN_INTERVAL_MINUTES` may lower it to `floor` (tests, demos).
   */
  syncIntervalMinutes: { floor: 1, min: 5, max: 43_200 },
  /** Most question and answer pairs in one `qa` datasource. */
  qaPairs: { max: 1_000 },
  /** Longest id (conversationId, visitorId, resource ids). */
  idLength: { max: ID_MAX_LENGTH },
  /** Results of a datastore query (`topK`): 5 when omitted, as the hosted service does. */
  topK: { min: 1, max: 100, default: 5 },
  /** Most ids in a query filter list. */
  filterIds: { max: 100 },
  /** Longest comment with a vote on an answer. */
  commentLength: COMMENT_LENGTH_LIMIT,
  /** Longest operator reply, in characters. */
  operatorMessageLength: { min: 1, max: 10_000 },
  /** Page size of the conversation list (`limit`). */
  conversationPage: { default: 20, max: 100 },
  /** Longest full-text search (`q`) or cursor in a conversation list query. */
  conversationSearchLength: { max: 500 },
  /** Longest contact email (RFC 5321's path limit). */
  emailLength: EMAIL_LENGTH_LIMIT,
  /** Longest contact phone number, as typed. */
  phoneLength: PHONE_LENGTH_LIMIT,
  /** Longest consent sentence an operator can set for contact capture. */
  consentTextLength: { max: 1_000 },
  /** Earlier conversations a widget keeps per agent, and asks the BFF about at once. */
  pastConversations: PAST_CONVERSATIONS_LIMIT,
  /** Follow-up questions suggested after an answer, and the longest one in characters. */
  followUps: FOLLOW_UPS_LIMIT,
  /** Longest search query (`POST /api/agents/{id}/search`), in characters. */
  searchQuery: SEARCH_QUERY_LIMIT,
  /** Results of one search (`limit`). */
  searchResults: SEARCH_RESULTS_LIMIT,
} as const;

/**
 * What a resource id (agent, datastore, datasource) and a conversation or visitor id may
 * look like: letters, digits, `_` and `-`, 1 to `LIMITS.idLength.max` (128) characters.
 * No `/`, `.` or `%`, so an id can never change the path it is placed in.
 */
export const ID_PATTERN = new RegExp(`^[A-Za-z0-9_-]{1,${ID_MAX_LENGTH}}$`);

/**
 * The {@link ID_PATTERN} rule as a message about `subject`, for every validation error
 * that refuses an id, e.g. `idRuleMessage('agentId')` →
 * `agentId must be 1 to 128 letters, digits, "_" or "-"` (no full stop: callers end
 * their sentence as their other messages do).
 */
export function idRuleMessage(subject: string): string {
  return `${subject} must be 1 to ${ID_MAX_LENGTH} letters, digits, "_" or "-"`;
}
