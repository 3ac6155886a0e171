import { describe, expect, it } from 'vitest';
import { leavesCodeBlockOpen } from './eval-code-fences.js';

describe('leavesCodeBlockOpen', () => {
  it('is false for answers whose code blocks are closed, or that have none', () => {
    expect(leavesCodeBlockOpen('Use it like this:\n\n```js\na()\n```\n[1]')).toBe(false);
    expect(leavesCodeBlockOpen('~~~\nx\n~~~\n\n````md\n```\ninner\n```\n````')).toBe(false);
    expect(leavesCodeBlockOpen('Plain text with `inline` code. [1]')).toBe(false);
    expect(leavesCodeBlockOpen('``` not a fence ` here')).toBe(false);
  });

  it('is true when a fence is never closed, or "closed" with text after it', () => {
    expect(leavesCodeBlockOpen('```js\na()\n``` [2]\n\nMore text. [3]')).toBe(true);
    expect(leavesCodeBlockOpen('```\nunterminated')).toBe(true);
    // A shorter fence, or the other character, closes nothing.
    expect(leavesCodeBlockOpen('````\nx\n```')).toBe(true);
    expect(leavesCodeBlockOpen('```\nx\n~~~')).toBe(true);
  });
});
