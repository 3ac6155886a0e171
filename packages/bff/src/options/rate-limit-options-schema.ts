import { wholeNumberOption } from '@agent-chat/protocol/options';
import { z } from 'zod';

/** Rate limits, per window. */
export const rateLimitSchema = z.object({
  /** Window length in ms. Env `RATE_LIMIT_WINDOW_MS`. Default 60 000. */
  windowMs: wholeNumberOption(60_000, {
    env: 'RATE_LIMIT_WINDOW_MS',
    description: 'Rate limit window, ms.',
  }),
  /** Queries per client IP per window. Env `RATE_LIMIT_PER_IP`. Default 60. */
  perIp: wholeNumberOption(60, {
    env: 'RATE_LIMIT_PER_IP',
    description: 'Queries per client IP per window.',
  }),
  /** Queries per visitorId per window. Env `RATE_LIMIT_PER_VISITOR`. Default 20. */
  perVisitor: wholeNumberOption(20, {
    env: 'RATE_LIMIT_PER_VISITOR',
    description:
      'Queries per verified visitor per window; requests without a valid visitor id share one count per client IP.',
  }),
  /** Searches per client IP per window. Env `RATE_LIMIT_SEARCH_PER_IP`. Default 600. */
  searchPerIp: wholeNumberOption(600, {
    env: 'RATE_LIMIT_SEARCH_PER_IP',
    description:
      'Searches (`POST /api/agents/{id}/search`, the widget’s type-ahead) per client IP per window, counted apart from queries.',
  }),
  /** Searches per visitor per window. Env `RATE_LIMIT_SEARCH_PER_VISITOR`. Default 120. */
  searchPerVisitor: wholeNumberOption(120, {
    env: 'RATE_LIMIT_SEARCH_PER_VISITOR',
    description:
      'Searches per verified visitor per window (a search a keystroke: a question typed in the search box costs ten or twenty); without a visitor id, one count per client IP.',
  }),
});
