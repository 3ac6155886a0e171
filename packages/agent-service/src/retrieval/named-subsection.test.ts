import { describe, expect, it } from 'vitest';
import { stemOf } from '../lexical-index/index.js';
import { namedSubsection } from './named-subsection.js';

/** Query term weights as the first stage gives them: stem → weight. */
function weights(entries: Record<string, number>): Map<string, number> {
  return new Map(Object.entries(entries).map(([word, weight]) => [stemOf(word), weight]));
}

const options = {
  title: 'Widgets › Options',
  content: [
    'This rule has an object option:',
    '',
    '"allowAfterThis": false (default) disallows dangling underscores in members of the this object',
    '"allowAfterSuper": false (default) disallows dangling underscores in members of the super object',
    '"enforceInMethodNames": false (default) allows dangling underscores in method names',
  ].join('\n'),
};
const subsections = [
  { id: 'this', title: 'Widgets › Options › allowAfterThis', content: 'Examples: `this._bar()`' },
  { id: 'super', title: 'Widgets › Options › allowAfterSuper', content: 'Examples: `super._x`' },
  {
    id: 'methods',
    title: 'Widgets › Options › enforceInMethodNames',
    content: 'class A { _method() {} }',
  },
];

describe('namedSubsection', () => {
  it('finds the subsection named by the line that matches the question best', () => {
    const termWeights = weights({ underscore: 2, member: 1, super: 3 });
    expect(namedSubsection(options, subsections, termWeights)?.id).toBe('super');
    const method = weights({ underscore: 2, method: 3 });
    expect(namedSubsection(options, subsections, method)?.id).toBe('methods');
  });

  it('finds none when the best line names no subsection, or several', () => {
    expect(namedSubsection(options, subsections, weights({ object: 3 }))).toBeUndefined();
    // "members" is on two lines that name two subsections: no single answer.
    expect(namedSubsection(options, subsections, weights({ member: 3 }))).toBeUndefined();
    expect(namedSubsection(options, subsections, weights({ unrelated: 3 }))).toBeUndefined();
  });

  it('weighs a line by its length: the short line that names an option beats a long one', () => {
    // Both lines hold "forEach", "callbacks", "report", "return" and "value"; the longer
    // one says more besides (it is about another option).
    const section = {
      title: 'Callbacks › Options',
      content: [
        '- `"checkForEach": false` (default) When set to `true`, rule will also report `forEach` callbacks that return a value.',
        '- `"allowVoid": false` (default) When set to `true`, allows `void` in `forEach` callbacks, so rule will not report the return value with a `void` operator.',
      ].join('\n'),
    };
    const children = [
      { id: 'check', title: 'Callbacks › Options › checkForEach', content: 'forEach(() => 1)' },
      { id: 'void', title: 'Callbacks › Options › allowVoid', content: 'forEach(() => void 1)' },
    ];
    const termWeights = weights({ foreach: 5, callback: 4, report: 2, value: 2, return: 2 });
    expect(namedSubsection(section, children, termWeights)?.id).toBe('check');
  });

  it('finds none that shares no word with the question (nothing in it could be quoted)', () => {
    const unrelated = [{ id: 'x', title: 'Widgets › Options › allowAfterThis', content: 'a();' }];
    const termWeights = weights({ dangling: 2, member: 1 });
    expect(namedSubsection(options, unrelated, termWeights)).toBeUndefined();
    const named = [
      { id: 'y', title: 'Widgets › Options › allowAfterThis', content: 'a.dangling;' },
    ];
    expect(namedSubsection(options, named, termWeights)?.id).toBe('y');
  });

  it('only reads subsections under the section, by their whole heading', () => {
    const elsewhere = [{ id: 'other', title: 'Gadgets › Options › allowAfterThis', content: '' }];
    const termWeights = weights({ underscore: 2, member: 1, this: 3 });
    expect(namedSubsection(options, elsewhere, termWeights)).toBeUndefined();
    const partial = [{ id: 'allow', title: 'Widgets › Options › allowAfter', content: '' }];
    expect(namedSubsection(options, partial, termWeights)).toBeUndefined();
  });
});
