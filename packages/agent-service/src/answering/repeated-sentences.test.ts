import { describe, expect, it } from 'vitest';
import { withoutRepeats } from './repeated-sentences.js';

describe('withoutRepeats', () => {
  it('drops the sentences quoted before, and gives nothing when none is new', () => {
    const seen = new Set<string>();
    expect(withoutRepeats('Set the port first. Then start the server.', seen)).toBe(
      'Set the port first. Then start the server.',
    );
    expect(withoutRepeats('Then start the server. Open the page after that.', seen)).toBe(
      'Open the page after that.',
    );
    expect(withoutRepeats('*Set the port* first.', seen)).toBeUndefined();
  });

  it("keeps a table's header and its rows not quoted yet", () => {
    const seen = new Set<string>();
    const head = '| Option | Default |\n|---|---|';
    const first = `${head}\n| \`outDir\` | \`dist\` folder |\n| \`minify\` | no minification |`;
    expect(withoutRepeats(first, seen)).toBe(first);
    expect(
      withoutRepeats(
        `${head}\n| \`minify\` | no minification |\n| \`target\` | modules only |`,
        seen,
      ),
    ).toBe(`${head}\n| \`target\` | modules only |`);
    expect(withoutRepeats(`${head}\n| \`outDir\` | \`dist\` folder |`, seen)).toBeUndefined();
  });

  it('gives a code block whole, once', () => {
    const seen = new Set<string>();
    const code = '```sh\nnpm install\nnpm start\n```';
    expect(withoutRepeats(code, seen)).toBe(code);
    expect(withoutRepeats(code, seen)).toBeUndefined();
  });
});
