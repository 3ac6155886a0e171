import { describe, expect, it } from 'vitest';
import { holds } from './budgets.js';
import type { SoakRecord } from './soak-load.js';
import { renderSoakReport, summarizePhases } from './soak-report.js';

const record = (
  kind: SoakRecord['kind'],
  phase: string,
  outcome: SoakRecord['outcome'],
): SoakRecord => ({ id: 0, kind, phase, target: 0, outcome });

describe('the soak report', () => {
  it('counts throughput and errors by the phase a request started in', () => {
    const summary = summarizePhases(
      [
        record('json', 'steady', 'ok'),
        record('json', 'steady', 'ok'),
        record('stream', 'steady', 'ok'),
        record('ingest', 'steady', 'ok'),
        record('stream', 'BFF killed', 'closed'),
        record('json', 'BFF killed', 'refused'),
        record('json', 'BFF killed', 'refused'),
        record('stream', 'BFF killed', 'ok'),
      ],
      [
        { name: 'steady', ms: 2_000 },
        { name: 'BFF killed', ms: 1_000 },
      ],
    );
    expect(summary).toEqual([
      {
        phase: 'steady',
        seconds: 2,
        jsonPerSecond: 1,
        streamsPerSecond: 0.5,
        ingestedPerSecond: 0.5,
        errors: {},
        requests: 4,
      },
      {
        phase: 'BFF killed',
        seconds: 1,
        jsonPerSecond: 0,
        streamsPerSecond: 1,
        ingestedPerSecond: 0,
        errors: { closed: 1, refused: 2 },
        requests: 4,
      },
    ]);
  });

  it('prints each phase, each check and the verdict', () => {
    const text = renderSoakReport({
      phases: summarizePhases([record('json', 'steady', 'hung')], [{ name: 'steady', ms: 1_000 }]),
      checks: [holds('stored messages lost', '0', '1 of 3', false)],
      notes: ['a note'],
      pass: false,
    });
    expect(text).toContain('steady  1.0  0.0');
    expect(text).toContain('hung 1');
    expect(text).toContain('FAILED  stored messages lost: 1 of 3');
    expect(text).toContain('  · a note');
    expect(text.endsWith('soak FAILED')).toBe(true);
  });
});
