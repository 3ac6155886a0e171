import { describe, expect, it } from 'vitest';
import {
  blocksWithDefaultsAttached,
  isDefaultStatement,
  withDefaultsAttached,
} from './default-statements.js';

describe('default statements', () => {
  it('are sentences that state a default without naming what it is the default of', () => {
    for (const sentence of [
      'Defaults to 30.',
      'Default is `None`.',
      'Default: `false`.',
      'Default value: 5.',
      'The default is `None`.',
      'Its default value was 10.',
      '*Defaults to* `"auto"`.',
      '(Default: 8080)',
    ]) {
      expect(isDefaultStatement(sentence), sentence).toBe(true);
    }
    for (const sentence of [
      'By default, the client retries.',
      'The default timeout is too short for proxies.',
      'Default values come from the environment.',
      'Set defaults in the config file.',
    ]) {
      expect(isDefaultStatement(sentence), sentence).toBe(false);
    }
  });

  it('are read with the sentence before them', () => {
    expect(
      withDefaultsAttached(['Sets the timeout. ', 'Defaults to 30. ', 'Then it retries.']),
    ).toEqual(['Sets the timeout. Defaults to 30. ', 'Then it retries.']);
    expect(withDefaultsAttached(['Defaults to 30.'])).toEqual(['Defaults to 30.']);
  });

  it('join the prose or list block before them, not a heading or code', () => {
    const prose = (block: string) => !block.startsWith('#') && !block.startsWith('```');
    expect(
      blocksWithDefaultsAttached(
        [
          '- **timeout** – Seconds an attempt may take.',
          'Defaults to 30.',
          '## Next',
          'Defaults to 1.',
        ],
        prose,
      ),
    ).toEqual([
      '- **timeout** – Seconds an attempt may take. Defaults to 30.',
      '## Next',
      'Defaults to 1.',
    ]);
    expect(blocksWithDefaultsAttached(['```\ncode\n```', 'Defaults to 2.'], prose)).toHaveLength(2);
  });
});
