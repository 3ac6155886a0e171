import { describe, expect, it } from 'vitest';
import { ID_PATTERN, idRuleMessage, LIMITS } from './limits.js';

describe('the id rule', () => {
  it('takes its length from LIMITS.idLength', () => {
    const longest = 'a'.repeat(LIMITS.idLength.max);
    expect(ID_PATTERN.test(longest)).toBe(true);
    expect(ID_PATTERN.test(`${longest}a`)).toBe(false);
    expect(ID_PATTERN.test('')).toBe(false);
    expect(idRuleMessage('agentId')).toBe(
      `agentId must be 1 to ${LIMITS.idLength.max} letters, digits, "_" or "-"`,
    );
  });

  it('accepts letters, digits, _ and -; nothing that could change a path', () => {
    expect(ID_PATTERN.test('Agent_01-x')).toBe(true);
    for (const id of ['a/b', 'a.b', '..', 'a%2Fb', 'a b', 'é', 'a\nb']) {
      expect(ID_PATTERN.test(id)).toBe(false);
    }
  });
});
