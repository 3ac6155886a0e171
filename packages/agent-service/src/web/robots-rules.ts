import robotsParserModule from 'robots-parser';
import { FetchError } from './fetch-error.js';
import type { SafeFetcher } from './safe-fetch.js';

interface Robots {
  isAllowed(url: string, userAgent?: string): boolean | undefined;
}
// robots-parser is CommonJS (`module.exports = function`); its typings describe an ES default.
const robotsParser = robotsParserModule as unknown as (url: string, contents: string) => Robots;

/** The robots.txt rules of the origins a crawl visits, fetched once per origin. */
export interface RobotsRules {
  /** Whether robots.txt lets `userAgent` fetch `url` (no robots.txt, or an unreadable one: yes). */
  isAllowed(url: URL): Promise<boolean>;
}

/**
 * Reads `/robots.txt` of each origin on first use (through the safe fetcher) and answers
 * with robots-parser's reading of it for `userAgent`. A missing (4xx) robots.txt allows
 * everything; one that cannot be fetched (5xx, timeout) is treated as allowing too, as
 * most crawlers do, except that a 401/403 disallows the origin.
 */
export function createRobotsRules(
  fetcher: SafeFetcher,
  userAgent: string,
  signal: AbortSignal,
): RobotsRules {
  const byOrigin = new Map<string, Promise<(url: string) => boolean>>();
  const load = async (origin: string): Promise<(url: string) => boolean> => {
    const robotsUrl = `${origin}/robots.txt`;
    try {
      const file = await fetcher.fetch(robotsUrl, { signal, maxBytes: 512 * 1024 });
      const robots = robotsParser(robotsUrl, new TextDecoder().decode(file.bytes));
      return (url) => robots.isAllowed(url, userAgent) !== false;
    } catch (error) {
      if (error instanceof FetchError && (error.status === 401 || error.status === 403)) {
        return () => false;
      }
      return () => true;
    }
  };
  return {
    async isAllowed(url) {
      let rules = byOrigin.get(url.origin);
      if (!rules) {
        rules = load(url.origin);
        byOrigin.set(url.origin, rules);
      }
      return (await rules)(url.href);
    },
  };
}
