import { describe, expect, it } from 'vitest';
import { checkStreams } from './soak-checks.js';
import type { SoakRecord } from './soak-load.js';

const stream = (id: number, outcome: SoakRecord['outcome']): SoakRecord => ({
  id,
  kind: 'stream',
  phase: 'BFF killed',
  target: 1,
  outcome,
});

describe('the stream check', () => {
  it('passes when the streams open at a kill ended with an error event or a closed connection', () => {
    const [check] = checkStreams(
      [stream(1, 'ok'), stream(2, 'closed'), stream(3, 'error-event'), stream(4, 'ok')],
      new Set([2, 3, 4]),
    );
    expect(check?.pass).toBe(true);
    expect(check?.actual).toContain('of the 3 open at the kills, 2 interrupted, 1 completed');
  });

  it('fails when a request hung', () => {
    const [check] = checkStreams([stream(1, 'closed'), stream(2, 'hung')], new Set([1]));
    expect(check?.pass).toBe(false);
  });

  it('fails when no stream was open at a kill, or none was interrupted: nothing was proven', () => {
    expect(checkStreams([stream(1, 'ok')], new Set())[0]?.pass).toBe(false);
    expect(checkStreams([stream(1, 'ok')], new Set([1]))[0]?.pass).toBe(false);
  });
});
