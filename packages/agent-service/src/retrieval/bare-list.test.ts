import { describe, expect, it } from 'vitest';
import { isBareList, withBareListsLowered } from './bare-list.js';

describe('isBareList', () => {
  it('is true for lists of links and names', () => {
    expect(isBareList('- Rule source\n- Tests source')).toBe(true);
    expect(isBareList('- Apitally - Official website\n- Apitally SDK - GitHub repository')).toBe(
      true,
    );
    expect(isBareList('1. Zod Validator\n2. Valibot Validator\n   - Typia\n')).toBe(true);
  });

  it('is false for statements, prose, code and single items', () => {
    expect(isBareList('- `"always"` requires a semicolon.\n- `"never"` disallows it.')).toBe(false);
    expect(isBareList('Related rules:\n\n- semi\n- no-extra-semi')).toBe(false);
    expect(isBareList('- One item only')).toBe(false);
    expect(isBareList('- `192.168.2.0` - Static IP Address\n- `*` - All addresses')).toBe(false);
    expect(isBareList('```\n- a\n- b\n```')).toBe(false);
    expect(
      isBareList(
        '- Sets up the database to use an ORM and PostgreSQL with its driver and pool\n- Specifies origins',
      ),
    ).toBe(false);
    expect(isBareList('- The output of one iteration. Used as input\n- Retries')).toBe(false);
  });
});

describe('withBareListsLowered', () => {
  it('lowers bare lists by the weight and re-sorts, leaving other passages as they are', () => {
    const ranked = withBareListsLowered(
      [
        { id: 'see-also', content: '- Widget docs\n- Widget SDK', score: 0.8 },
        { id: 'setup', content: 'Register the widget before any other middleware.', score: 0.6 },
      ],
      0.4,
    );
    expect(ranked.map((candidate) => candidate.id)).toEqual(['setup', 'see-also']);
    expect(ranked[0]?.score).toBe(0.6);
    expect(ranked[1]?.score).toBeCloseTo(0.32, 6);
  });
});
