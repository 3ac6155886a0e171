import { optionDocs, wholeNumber, wholeNumberFromEnv } from '@agent-chat/protocol/options';
import { z } from 'zod';

/** Rate limits, per window. */
export const rateLimitSchema = z.object({
  /** Window length in ms. Env `RATE_LIMIT_WINDOW_MS`. Default 60 000. */
  windowMs: wholeNumber(60_000).register(optionDocs, {
    env: 'RATE_LIMIT_WINDOW_MS',
    fromEnv: wholeNumberFromEnv,
    description: 'Rate limit window, ms.',
  }),
  /** Queries per client IP per window. Env `RATE_LIMIT_PER_IP`. Default 60. */
  perIp: wholeNumber(60).register(optionDocs, {
    env: 'RATE_LIMIT_PER_IP',
    fromEnv: wholeNumberFromEnv,
    description: 'Queries per client IP per window.',
  }),
  /** Queries per visitorId per window. Env `RATE_LIMIT_PER_VISITOR`. Default 20. */
  perVisitor: wholeNumber(20).register(optionDocs, {
    env: 'RATE_LIMIT_PER_VISITOR',
    fromEnv: wholeNumberFromEnv,
    description:
      'Queries per verified visitor per window; requests without a valid visitor id share one count per client IP.',
  }),
  /** Searches per client IP per window. Env `RATE_LIMIT_SEARCH_PER_IP`. Default 600. */
  searchPerIp: wholeNumber(600).register(optionDocs, {
    env: 'RATE_LIMIT_SEARCH_PER_IP',
    fromEnv: wholeNumberFromEnv,
    description:
      'Searches (`POST /api/agents/{id}/search`, the widget’s type-ahead) per client IP per window, counted apart from queries.',
  }),
  /** Searches per visitor per window. Env `RATE_LIMIT_SEARCH_PER_VISITOR`. Default 120. */
  searchPerVisitor: wholeNumber(120).register(optionDocs, {
    env: 'RATE_LIMIT_SEARCH_PER_VISITOR',
    fromEnv: wholeNumberFromEnv,
    description:
      'Searches per verified visitor per window (a search a keystroke: a question typed in the search box costs ten or twenty); without a visitor id, one count per client IP.',
  }),
});
