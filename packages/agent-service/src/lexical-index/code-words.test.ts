import { describe, expect, it } from 'vitest';
import { codeWordsOf, proseWordsOf } from './code-words.js';

describe('codeWordsOf', () => {
  it('gives the words of inline code and fenced blocks', () => {
    expect([...codeWordsOf('Why is `onDone` called twice?')]).toEqual(['ondone']);
    expect(codeWordsOf('Is this right?\n\n```js\nconst retry = 2;\n```\n').has('retry')).toBe(true);
  });

  it('gives the words of prose tokens shaped as code', () => {
    const words = codeWordsOf(
      'Why does onDone fire when max_overflow is set on session.modified, with utf8 and --quiet?',
    );
    for (const word of ['ondone', 'max', 'overflow', 'session', 'modified', 'utf8', 'quiet']) {
      expect(words.has(word)).toBe(true);
    }
    for (const word of ['why', 'does', 'fire', 'set', 'with', 'and']) {
      expect(words.has(word)).toBe(false);
    }
  });

  it('gives words in capitals, unless the whole text is in capitals', () => {
    expect([...codeWordsOf('Can I write the config in YAML?')]).toEqual(['yaml']);
    expect(codeWordsOf('HOW DO I WIPE A TABLE?').size).toBe(0);
    expect(codeWordsOf('I think it is fine. Or is it?').size).toBe(0);
  });

  it('leaves prose alone: hyphens, slashes and the end of a sentence', () => {
    expect(codeWordsOf('A well-known read/write setting. Then it stops.').size).toBe(0);
  });
});

describe('proseWordsOf', () => {
  it('gives the words the text writes as English, outside code and names', () => {
    const text =
      'Why does `retry` stop?\n\n```js\nconst delay = max_wait;\n```\n\nIn YAML, the cart is session.cart.';
    expect([...proseWordsOf(text)].sort()).toEqual(
      ['cart', 'does', 'in', 'is', 'stop', 'the', 'why'].sort(),
    );
  });

  it('gives a word written both as code and in prose in both', () => {
    const text = "Why does session['cart'].append(item) leave the cart empty?";
    expect(codeWordsOf(text).has('cart')).toBe(true);
    expect(proseWordsOf(text).has('cart')).toBe(true);
  });
});
