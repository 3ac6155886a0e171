import { describe, expect, it } from 'vitest';
import { firstQuestionOf } from './visitor-conversations.js';

describe('firstQuestionOf', () => {
  it('keeps a short question, and cuts a long one at a word within 200 characters', () => {
    expect(firstQuestionOf(' How are\n refunds  processed? ')).toBe('How are refunds processed?');
    const long = `${'refund '.repeat(40)}end`;
    const cut = firstQuestionOf(long);
    expect(cut.length).toBeLessThanOrEqual(200);
    expect(cut).toMatch(/^(refund )+/);
    expect(cut.endsWith('refund…')).toBe(true);
    expect(firstQuestionOf('x'.repeat(300))).toBe(`${'x'.repeat(199)}…`);
  });
});
