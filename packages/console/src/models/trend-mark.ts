/** How a gap topic moved against the previous period, as its small mark reads (`▲`, `new`…). */
import type { GapTopic } from '@agent-chat/protocol';

/** How a topic moved against the previous period, as its small mark reads. */
export interface TrendMark {
  /** The glyph shown (`▲`, `▼`, `=`, `new`). */
  symbol: string;
  /** What it says in words (for screen readers and the tooltip). */
  text: string;
  tone: 'up' | 'down' | 'flat' | 'new';
}

/** The trend mark of a topic: `▲ up from 2`, `new`… */
export function trendMark(topic: Pick<GapTopic, 'trend' | 'previousCount'>): TrendMark {
  const before = topic.previousCount;
  const previously = `${before} in the previous period`;
  switch (topic.trend) {
    case 'new':
      return { symbol: 'new', text: 'New: none in the previous period', tone: 'new' };
    case 'up':
      return { symbol: '▲', text: `Growing: ${previously}`, tone: 'up' };
    case 'down':
      return { symbol: '▼', text: `Shrinking: ${previously}`, tone: 'down' };
    default:
      return { symbol: '=', text: `Steady: ${previously}`, tone: 'flat' };
  }
}
