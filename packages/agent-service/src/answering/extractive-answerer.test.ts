import { describe, expect, it } from 'vitest';
import type { Passage } from '../retrieval/index.js';
import { HANDOFF_OFFER, NOTHING_FOUND_ANSWER } from './decline.js';
import {
  composeExtractiveAnswer,
  createExtractiveAnswerer,
  toFragments,
} from './extractive-answerer.js';

const answerOf = (...args: Parameters<typeof composeExtractiveAnswer>) =>
  composeExtractiveAnswer(...args).text;

function passage(overrides: Partial<Passage>): Passage {
  return {
    chunkId: 'c1',
    datasourceId: 'd1',
    datasourceName: 'doc.md',
    title: 'Doc',
    content: '',
    position: 0,
    score: 1,
    ...overrides,
  };
}

const settings = {
  modelName: 'gpt_3_5_turbo' as const,
  temperature: 0,
  systemPrompt: null,
  userPrompt: null,
  promptType: 'raw' as const,
  promptTemplate: null,
};

describe('composeExtractiveAnswer', () => {
  it("quotes a section's example after it, while it fits", () => {
    const example = '```\nnpx eslint --cache --cache-strategy content\n```';
    const content =
      'The `content` strategy helps when modification times change although contents have not, as after a `git clone`.';
    const question = 'Modification times change after every git clone. What cache strategy helps?';
    const answer = composeExtractiveAnswer(question, [
      passage({ title: 'CLI › `--cache-strategy`', content, example }),
    ]);
    expect(answer.text).toBe(
      `According to “CLI › \`--cache-strategy\`”:\n\n${content}\n\n${example}\n[1]`,
    );
    expect(answer.citations).toEqual([0]);
    // An example that would take the answer 200 characters past its budget stays out.
    const longExample = `\`\`\`\n${'npx eslint --cache --cache-strategy content src/\n'.repeat(6)}\`\`\``;
    const tight = composeExtractiveAnswer(
      question,
      [passage({ title: 'CLI › `--cache-strategy`', content, example: longExample })],
      { maxChars: 20 },
    );
    expect(tight.text).toContain('git clone');
    expect(tight.text).not.toContain('npx eslint');
  });

  it('quotes a section that fits whole, with its code block, and cites it', () => {
    const content =
      'To install the CLI, run:\n\n```sh\nnpm install -g thing\n```\n\nIt needs Node.js 20.';
    const answer = composeExtractiveAnswer('How do I install the CLI?', [
      passage({ title: 'Guide › Install', content }),
    ]);
    expect(answer.text).toBe(
      'According to “Guide › Install”:\n\nTo install the CLI, run:\n\n```sh\nnpm install -g thing\n```\n\nIt needs Node.js 20. [1]',
    );
    expect(answer.citations).toEqual([0]);
  });

  it('of a long section, quotes the paragraph that answers and the code block it introduces', () => {
    const filler = Array.from(
      { length: 12 },
      (_, index) => `Billing note ${index} about invoices.`,
    );
    const answer = answerOf(
      'How do I install the CLI?',
      [
        passage({
          title: 'Guide › Install',
          content: `${filler.join('\n\n')}\n\nTo install the CLI, run:\n\n\`\`\`sh\nnpm install -g thing\n\`\`\`\n\n${filler.join('\n\n')}`,
        }),
      ],
      { maxChars: 200 },
    );
    expect(answer).toContain('To install the CLI, run:\n\n```sh\nnpm install -g thing\n```');
    expect(answer).not.toContain('Billing note 11');
  });

  it("quotes the list a second passage's quoted line introduces, not the line alone", () => {
    const filler = Array.from({ length: 6 }, (_, index) => `Unrelated remark ${index}.`);
    const answer = answerOf('Which exit codes does the linter use when linting files?', [
      passage({
        title: 'CLI › Warnings',
        content: 'Linting files with too many warnings makes the linter use an error exit code.',
      }),
      passage({
        datasourceId: 'd2',
        title: 'CLI › Exit codes',
        score: 0.9,
        content: [
          ...filler,
          'When linting files, the linter exits with one of the following exit codes:',
          '- `0`: success.\n- `1`: problems were found.\n- `2`: a configuration problem or an internal error.',
          ...filler,
        ].join('\n\n'),
      }),
    ]);
    expect(answer).toContain('one of the following exit codes:');
    expect(answer).toContain('`2`: a configuration problem or an internal error.');
    expect(answer).not.toContain('Unrelated remark');
  });

  it('ends no quote on a colon whose block is not quoted after it', () => {
    const longCode = `\`\`\`js\n${Array.from({ length: 60 }, (_, index) => `check(item${index});`).join('\n')}\n\`\`\``;
    const answer = answerOf(
      'Does the retry rule accept a loop that checks every item?',
      [
        passage({
          title: 'retry-rule › Rule Details',
          content: [
            'The retry rule reports a loop that checks every item without a pause.',
            'Examples of **correct** code for this rule:',
            longCode,
            'Rules that check every item in a loop can use a retry budget, which the linter counts per file and reports when a loop exceeds it:',
            longCode,
          ].join('\n\n'),
        }),
      ],
      { maxChars: 400 },
    );
    // A short introduction says nothing without its block: left out. A longer one states
    // something: kept, ending with a full stop.
    expect(answer).not.toContain('Examples of **correct** code');
    expect(answer).toContain('reports when a loop exceeds it. [1]');
    expect(answer).not.toMatch(/:\s*(\[\d\]|$)/);
    expect(answer).not.toContain('check(item3);');
  });

  it("leaves out a code block's file-name caption when its code is not quoted", () => {
    const answer = answerOf('When do I check the session remotely?', [
      passage({
        title: 'Auth › Backend',
        content:
          'Check the session remotely when a route needs the full user object.\n\nsrc/index.ts',
      }),
    ]);
    expect(answer).toContain('needs the full user object. [1]');
    expect(answer).not.toContain('src/index.ts');
  });

  it("keeps a quote's colon when its block follows, in the section's next chunk", () => {
    const answer = answerOf('How do I add a nonce to the script tags?', [
      passage({
        chunkId: 'c2',
        title: 'Security › Nonce',
        position: 8,
        content:
          '```ts\n// add a nonce to the script tags\nsecureHeaders({ scriptSrc: [nonce] })\n```',
      }),
      passage({
        chunkId: 'c1',
        title: 'Security › Nonce',
        position: 7,
        score: 0.9,
        content:
          'You can add a nonce to the script tags by passing a generator to the script sources:',
      }),
    ]);
    expect(answer).toContain(
      'by passing a generator to the script sources:\n\n```ts\n// add a nonce to the script tags\nsecureHeaders({ scriptSrc: [nonce] })\n```\n[1]',
    );
  });

  it('keeps a whole list whose heading matches the question', () => {
    const answer = answerOf('Which environment variables does the server read?', [
      passage({
        title: 'Server › Environment variables',
        content: [
          '- `PORT`: listen port, default 3000, change it when another program uses it.',
          '- `TOKEN`: the secret sent upstream; it is never logged and never sent to browsers.',
          '- `ORIGINS`: the origins allowed to call, comma separated, default same origin.',
          '- `CACHE`: a Redis URL shared by several server replicas for their rate limits.',
        ].join('\n'),
      }),
    ]);
    expect(answer).toContain('`PORT`');
    expect(answer).toContain('`CACHE`');
  });

  it('says plainly when nothing relevant was found, citing nothing', () => {
    expect(composeExtractiveAnswer('penguins?', [])).toEqual({
      text: NOTHING_FOUND_ANSWER,
      citations: [],
    });
    expect(answerOf('what is it?', [passage({ content: 'Anything.' })])).toBe(NOTHING_FOUND_ANSWER);
    expect(answerOf('penguins?', [], { handoffEnabled: true })).toBe(
      `${NOTHING_FOUND_ANSWER} ${HANDOFF_OFFER}`,
    );
    expect(NOTHING_FOUND_ANSWER).toMatch(/^I don't know/);
  });

  it('names several documents when the answer draws on them, numbering them as cited', () => {
    const answer = composeExtractiveAnswer('refund policy', [
      passage({ datasourceName: 'a.md', title: 'A', content: 'Refund policy: 30 days.' }),
      passage({
        datasourceId: 'd2',
        datasourceName: 'b.md',
        title: 'B',
        content: 'The refund policy excludes sale items.',
        score: 0.9,
      }),
    ]);
    expect(answer.text).toMatch(/^Here is what I found in “a\.md” and “b\.md”:/);
    expect(answer.text).toContain('Refund policy: 30 days. [1]');
    expect(answer.text).toContain('The refund policy excludes sale items. [2]');
    expect(answer.citations).toEqual([0, 1]);
  });

  it('cites each section of one page it quotes as that section', () => {
    const answer = composeExtractiveAnswer('refund window days', [
      passage({
        chunkId: 'days',
        title: 'Policy › Days',
        content: 'The refund window is 30 days.',
      }),
      passage({
        chunkId: 'overview',
        title: 'Policy › Overview',
        content: 'Each refund has a window, counted in days from delivery.',
        score: 0.95,
      }),
    ]);
    expect(answer.text).toContain('The refund window is 30 days. [1]');
    expect(answer.text).toContain('counted in days from delivery. [2]');
    expect(answer.citations).toEqual([0, 1]);
  });

  it("lists a third page's best section third, before a page's next section", () => {
    const answer = composeExtractiveAnswer('How many days is the refund window after delivery?', [
      passage({
        chunkId: 'days',
        title: 'Policy › Days',
        content: 'The refund window is 30 days after delivery.',
      }),
      passage({
        chunkId: 'terms',
        datasourceId: 'd2',
        datasourceName: 'terms.md',
        title: 'Refund window',
        content: 'The refund window is counted in days after delivery.',
        score: 0.95,
      }),
      passage({
        chunkId: 'delivery',
        title: 'Policy › Delivery',
        content: 'The refund window starts on the day of delivery.',
        position: 1,
        score: 0.9,
      }),
      passage({
        chunkId: 'faq',
        datasourceId: 'd3',
        datasourceName: 'faq.md',
        title: 'FAQ',
        content: 'Refunds inside the window are paid within 5 days of delivery.',
        score: 0.85,
      }),
    ]);
    // The first three sources name the three pages; the policy's second section follows.
    expect(answer.citations).toEqual([0, 1, 3, 2]);
    expect(answer.text.indexOf('paid within 5 days')).toBeLessThan(
      answer.text.indexOf('starts on the day of delivery'),
    );
  });

  it('cites the chunks of one long section once, as that section', () => {
    const answer = composeExtractiveAnswer('refund window days delivery', [
      passage({
        chunkId: 'first',
        title: 'Policy › Refunds',
        content: 'The refund window is 30 days.',
      }),
      passage({
        chunkId: 'faq',
        title: 'FAQ',
        datasourceId: 'd2',
        datasourceName: 'faq.md',
        content: 'Refund days are counted from the delivery date, and the window closes then.',
        score: 0.95,
      }),
      passage({
        chunkId: 'second',
        title: 'Policy › Refunds',
        content: 'Later refunds need proof of a delivery fault.',
        position: 1,
        score: 0.8,
      }),
    ]);
    // The section's chunks are quoted together, in page order, under one number; an
    // answer from several sections names each where its excerpts start.
    // Two pages: each section is named after its page.
    expect(answer.text).toContain(
      '**Policy › Refunds**\n\nThe refund window is 30 days.\n\nLater refunds need proof of a delivery fault. [1]',
    );
    expect(answer.text).toContain('**FAQ**\n\nRefund days are counted');
    expect(answer.text).toContain('and the window closes then. [2]');
    expect(answer.citations).toEqual([0, 1]);
  });

  it('names the sections of one page by their headings alone', () => {
    const answer = composeExtractiveAnswer('refund window days proof', [
      passage({ title: 'Policy › Refunds', content: 'The refund window is 30 days.' }),
      passage({
        chunkId: 'proof',
        title: 'Policy › Proof',
        content: 'Refunds after 30 days need proof of a fault in the window.',
        position: 1,
        score: 0.9,
      }),
    ]);
    expect(answer.text).toContain('**Refunds**\n\nThe refund window is 30 days. [1]');
    expect(answer.text).toContain('**Proof**\n\nRefunds after 30 days');
  });

  it('cites a named section that ends with a code block on a line of its own', () => {
    const answer = composeExtractiveAnswer('refund window script', [
      passage({ title: 'Policy › Refunds', content: 'The refund window is 30 days.' }),
      passage({
        chunkId: 'script',
        title: 'Policy › Script',
        content: '```sh\nrefund-window --script 30\n```',
        position: 1,
        score: 0.95,
      }),
    ]);
    expect(answer.text).toContain('**Script**\n\n```sh\nrefund-window --script 30\n```\n[2]');
    expect(answer.text).not.toMatch(/``` \[/);
  });

  it('quotes the subsection a quoted options line names in code, right after it', () => {
    const options = passage({
      title: 'Rule › Options',
      content:
        '- `"allow"` allows specified identifiers\n- `"allowAfterThis": false` (default) disallows dangling underscores in members of the `this` object',
      position: 1,
    });
    const named = passage({
      chunkId: 'allow-after-this',
      title: 'Rule › Options › allowAfterThis',
      content:
        'Examples of **correct** code for the `{ "allowAfterThis": true }` option:\n\n```js\nconst a = this.foo_;\n```',
      position: 2,
      // Too weak to be quoted on its own (below the share of the best passage).
      score: 0.3,
    });
    const notToUse = passage({
      chunkId: 'not-to-use',
      title: 'Rule › When Not To Use It',
      content: 'If you want dangling underscores in members, turn the rule off.',
      position: 3,
      score: 0.9,
    });
    const question = 'Can I allow dangling underscores in members of this only?';
    const answer = composeExtractiveAnswer(question, [options, notToUse, named]);
    expect(answer.text).toMatch(
      /\*\*Options\*\*[\s\S]*\[1\]\n\n\*\*allowAfterThis\*\*\n\nExamples of \*\*correct\*\* code[\s\S]*```js\nconst a = this\.foo_;\n```\n\[2\]\n\n\*\*When Not To Use It\*\*/,
    );
    expect(answer.citations).toEqual([0, 2, 1]);

    // Not when no quoted line names it in code, nor when the section is another's, nor
    // when the answer quotes one of its siblings already.
    const unnamed = { ...options, content: options.content.replaceAll('`', '') };
    expect(answerOf(question, [unnamed, notToUse, named])).not.toContain('allowAfterThis**');
    const elsewhere = { ...named, title: 'Other › Options › allowAfterThis' };
    expect(answerOf(question, [options, notToUse, elsewhere])).not.toContain('this.foo_');
    const sibling = passage({
      chunkId: 'allow',
      title: 'Rule › Options › allow',
      content: 'Examples of code that allows dangling underscores in members: `_member`.',
      position: 2,
      score: 0.95,
    });
    expect(answerOf(question, [options, sibling, notToUse, named])).not.toContain('this.foo_');
  });

  it('keeps a subsection named by a named subsection between them and the next section', () => {
    const question = 'How do I cap retries of a failed upload, and the delay between them?';
    const answer = composeExtractiveAnswer(question, [
      passage({ title: 'Up', content: 'A failed upload is retried, with a delay, up to a cap.' }),
      passage({
        chunkId: 'options',
        title: 'Up › Options',
        content: '- `"retries"` caps retries of a failed upload.',
        position: 1,
        score: 0.95,
      }),
      passage({
        chunkId: 'limits',
        title: 'Up › Limits',
        content: 'Retries of a failed upload stop at the cap.',
        position: 2,
        score: 0.9,
      }),
      passage({
        chunkId: 'retries',
        title: 'Up › Options › retries',
        content: 'Set `"delay"` with the retries, in milliseconds.',
        position: 3,
        score: 0.2,
      }),
      passage({
        chunkId: 'delay',
        title: 'Up › Options › retries › delay',
        content: 'The delay between retries doubles after each one.',
        position: 4,
        score: 0.2,
      }),
    ]);
    // Options, its `retries`, that one's `delay`, then Limits.
    expect(answer.citations).toEqual([0, 1, 3, 4, 2]);
  });

  it("reads a passage's synonym of a question word as retrieval does (at half its weight)", () => {
    // "exclude" in the question, "ignore" in the second section (one synonym group): with
    // it, the second section holds 2.5 of the first's 4 question words (over 0.6 of them).
    const question = 'How do I exclude the build folder from linting in every project?';
    const answer = composeExtractiveAnswer(question, [
      passage({
        title: 'Files › Patterns',
        content: 'Patterns exclude a build folder from linting.',
      }),
      passage({
        chunkId: 'global',
        title: 'Files › Global',
        content: 'To ignore it in every project, list it on its own.',
        position: 1,
        score: 0.9,
      }),
    ]);
    expect(answer.text).toContain('list it on its own. [2]');
  });

  it("quotes another page's example of the question's code construct, whatever it names", () => {
    // The second page shares few of the question's words; its example is the construct the
    // question quotes (`if (!x) x = y`, `x ||= y`), which retrieval found it by.
    const question =
      'Can the linter suggest turning `if (!options) options = {};` into the shorter `options ||= {}` form?';
    const answer = composeExtractiveAnswer(question, [
      passage({
        datasourceName: 'coercion.md',
        title: 'coercion › Details',
        content: 'This rule warns about shorter type conversions in any form.',
      }),
      passage({
        chunkId: 'assign',
        datasourceId: 'd2',
        datasourceName: 'assignment.md',
        title: 'assignment › enforceForIfStatements',
        content:
          'This setting checks more patterns.\n\n```js\nif (!a) a = b // <=> a ||= b\nif (a) a = b // <=> a &&= b\n```',
        score: 0.8,
      }),
    ]);
    expect(answer.text).toContain('if (!a) a = b // <=> a ||= b');
    expect(answer.citations).toEqual([0, 1]);
    // A path or a comment shares its delimiters with every snippet: no construct, no credit.
    const paths = composeExtractiveAnswer(
      'How do I block every module under `@acme/internal/` in the linter?',
      [
        passage({
          datasourceName: 'imports.md',
          title: 'imports › patterns',
          content: 'The linter can block every module under a path with patterns.',
        }),
        passage({
          chunkId: 'other',
          datasourceId: 'd2',
          datasourceName: 'other.md',
          title: 'other',
          content: 'Packages such as `@scope/name/sub/` are reported.',
          score: 0.8,
        }),
      ],
    );
    expect(paths.citations).toEqual([0]);
  });

  it("quotes a close second API entry's next best paragraphs, not only its best one", () => {
    // A Sphinx API entry as the loader cuts it (issue 50): the description, then the
    // paragraphs of its `dd` – a return value, a note, a "Changed in version". The
    // question's answer is the second paragraph, and the entry ranks just below the class.
    const klass = 'Client reference › class skyhook.Client(url, token=None)';
    const entry = (title: string, content: string, score: number, position: number) =>
      passage({ chunkId: `c${position}`, datasourceId: 'api', title, content, score, position });
    const passages = [
      entry(
        klass,
        'A connection to one relay, opened lazily on the first delivery. Deliveries are queued while the relay is unreachable and sent in order once it is back.',
        1,
        0,
      ),
      entry(
        `${klass} › close(timeout=None)`,
        [
          'Closes the connection to the relay once the queued deliveries are sent, waiting at most *timeout* seconds for them.',
          'Returns the number of deliveries that were still queued when the timeout ran out; they are dropped.',
          '**Note:** A closed client cannot be opened again: create a new `Client`.',
          'Changed in version 3.0: calling `close()` on a closed client does nothing.',
        ].join('\n\n'),
        0.92,
        1,
      ),
    ];
    const answer = composeExtractiveAnswer(
      'How many seconds does close() wait for queued deliveries, and what happens to the ones left?',
      passages,
    );
    expect(answer.text).toContain('waiting at most *timeout* seconds');
    expect(answer.text).toContain('still queued when the timeout ran out; they are dropped.');
    expect(answer.text).not.toContain('Changed in version 3.0');
    expect(answer.citations).toEqual([0, 1]);
  });

  it('names no section in an answer from one section', () => {
    const answer = composeExtractiveAnswer('refund window', [
      passage({ title: 'Policy › Refunds', content: 'The refund window is 30 days.' }),
    ]);
    expect(answer.text).toBe(
      'According to “Policy › Refunds”:\n\nThe refund window is 30 days. [1]',
    );
  });

  it('leaves out a passage much weaker than the best one, and does not cite it', () => {
    const answer = composeExtractiveAnswer('refund policy', [
      passage({ datasourceName: 'a.md', title: 'A', content: 'Refund policy: 30 days.' }),
      passage({
        datasourceId: 'd2',
        datasourceName: 'b.md',
        title: 'B',
        content: 'Our policy on shipping is generous.',
        score: 0.3,
      }),
    ]);
    expect(answer.text).not.toContain('shipping');
    expect(answer.citations).toEqual([0]);
  });

  it('never quotes the same sentence twice', () => {
    const sentence = 'Set `maxAge` to keep the cookie for a day.';
    const answer = answerOf('cookie maxAge', [
      passage({ datasourceId: 'd1', content: sentence }),
      passage({
        datasourceId: 'd2',
        datasourceName: 'b.md',
        content: `${sentence} It is optional.`,
      }),
      passage({ datasourceId: 'd3', datasourceName: 'c.md', content: sentence }),
    ]);
    expect(answer.split('keep the cookie').length).toBe(2);
  });

  it('never cuts inside inline code or a link', () => {
    const long = Array.from({ length: 30 }, (_, index) => `Word${index}`).join(' ');
    const answer = answerOf(
      'robots file',
      [
        passage({
          content: `The robots file lives at \`public/robots.txt\`. ${long} robots [robots guide](https://example.com/robots.txt) ${long}.`,
        }),
      ],
      { maxChars: 150 },
    );
    expect(answer).toContain('`public/robots.txt`');
    expect((answer.match(/`/g) ?? []).length % 2).toBe(0);
    expect(answer).not.toMatch(/\[[^\]]*$/m);
  });

  it('keeps only the matching items of a long list', () => {
    const items = Array.from({ length: 40 }, (_, index) => `- item ${index}: filler text here`);
    items[17] = '- colour: sets the accent colour';
    const answer = answerOf('colour', [passage({ content: `Options:\n${items.join('\n')}` })]);
    expect(answer).toContain('- colour: sets the accent colour');
    expect(answer).not.toContain('item 3:');
  });

  it("quotes a long table's header and the row that answers, whole, cited after the table", () => {
    const rows = Array.from(
      { length: 24 },
      (_, index) =>
        `| \`option${index}\` | number | \`${index}\` | Sets the weather limit of the harbour. Values above it are clamped. |`,
    );
    rows[13] =
      '| `assetsInlineLimit` | number | `4096` | Assets smaller than this many bytes are inlined as base64 URLs. Set it to `0` to disable inlining. |';
    const table = ['| Option | Type | Default | Description |', '|---|---|---|---|', ...rows];
    const answer = answerOf(
      'Small images become base64 URLs in my bundle. How do I disable inlining?',
      [
        passage({
          title: 'Build Options › Reference',
          content: `Build options:\n\n${table.join('\n')}`,
        }),
      ],
      { maxChars: 600 },
    );
    // The row is quoted whole (a sentence cut from it could pair one option with another's
    // text), under its header, and the citation is a paragraph of its own: on the line right
    // after a table it would be read as one more row.
    expect(answer).toContain(
      `| Option | Type | Default | Description |\n|---|---|---|---|\n${rows[13]}\n\n[1]`,
    );
    expect(answer).not.toContain('option3`');
    expect(answer).not.toContain('clamped');
  });

  it('quotes the rows of a table that a matching heading introduces while they fit', () => {
    const rows = Array.from(
      { length: 30 },
      (_, index) => `| \`X-Header-${index}\` | sent on every response of the app | ${index} |`,
    );
    const table = ['| Header | When | Order |', '| - | - | - |', ...rows].join('\n');
    const answer = answerOf(
      'Which security headers are sent?',
      [passage({ title: 'Security headers', content: table })],
      { maxChars: 400 },
    );
    const quoted = answer.split('\n').filter((line) => line.startsWith('| `X-Header-'));
    expect(quoted.length).toBeGreaterThan(3);
    expect(quoted).toEqual(rows.slice(0, quoted.length));
    expect(answer).toContain('| Header | When | Order |\n| - | - | - |\n| `X-Header-0`');
  });

  it("reads a table by its best row: a paragraph that answers beats a table's scattered words", () => {
    const table = [
      '| Flag | Meaning |',
      '|---|---|',
      '| `--cache` | Keep results between runs. |',
      '| `--location` | Where the files go. |',
      '| `--strategy` | How changes are detected; the default is metadata. |',
    ].join('\n');
    const prose = 'The cache location defaults to `.cache` in the project folder.';
    const answer = answerOf(
      'Where does the cache location default to?',
      [
        passage({
          title: 'Caching',
          content: `${table}\n\n${'Other words. '.repeat(70)}\n\n${prose}`,
        }),
      ],
      { maxChars: 150 },
    );
    expect(answer).toContain(prose);
    expect(answer).not.toContain('--strategy');
  });

  it('answers with the best sentences of a long passage, within its budget', () => {
    const filler = Array.from(
      { length: 40 },
      (_, index) => `Sentence ${index} talks about the weather and the harbour at length.`,
    );
    filler.splice(7, 0, 'The museum opens at nine and tickets cost twelve euros.');
    const answer = answerOf(
      'When does the museum open and what do tickets cost?',
      [passage({ title: 'Visit', content: filler.join(' ') })],
      { maxChars: 400 },
    );
    expect(answer).toContain('The museum opens at nine and tickets cost twelve euros. [1]');
    expect(answer.length).toBeLessThan(450);
    expect(answer).not.toContain('Sentence 0 ');
  });

  it('cites the section headed by what was asked first among its page’s', () => {
    // A command's reference page as DocBook XSL writes one (PostgreSQL's `pg_isready`), its
    // sections as retrieval returns them: Description best, Options and the page's one-line
    // purpose next, Exit Status last, which states the codes in words the question does not
    // use. Every one is quoted; the one headed by what was asked ("exit") is cited second.
    const question = 'In a container health check I run quillping. What do its exit codes mean?';
    const section = (heading: string | null, content: string, score: number, position: number) =>
      passage({
        chunkId: `c${position}`,
        datasourceId: 'quillping',
        datasourceName: 'quillping',
        title: heading === null ? 'quillping' : `quillping › ${heading}`,
        content,
        position,
        score,
      });
    const exitStatus =
      'quillping returns `0` to the shell if the server is accepting connections normally, `1` if the server is rejecting connections (for example while it unseals its master key), `2` if there was no response to the connection attempt, and `3` if no attempt was made (for example due to invalid parameters).';
    const answer = composeExtractiveAnswer(question, [
      section(
        'Description',
        'quillping is a utility for checking the connection status of a Quillvault key server. The exit status specifies the result of the connection check.',
        0.061,
        1,
      ),
      section(
        'Options',
        '- `-V`\n\nPrint the quillping version and exit.\n\n- `-?`\n\nShow help about quillping command line arguments, and exit.',
        0.054,
        2,
      ),
      section(null, 'quillping — check the connection status of a Quillvault server', 0.051, 0),
      section('Exit Status', exitStatus, 0.047, 3),
    ]);
    expect(answer.text).toContain(exitStatus);
    expect(answer.citations).toEqual([0, 3, 2, 1]);
    expect(answer.text.indexOf('**Exit Status**')).toBeLessThan(answer.text.indexOf('**Options**'));
  });

  it('leaves the pages in their places when a section is headed by what was asked', () => {
    // Another page's section second; the first page's section headed "File Uploads" (the
    // question's "file") stays third: the pages among the first sources do not change.
    const question =
      'A macro I import from another template file cannot see request. How do I fix that?';
    const answer = composeExtractiveAnswer(question, [
      passage({
        chunkId: 'errors',
        title: 'Quickstart › Redirects and Errors',
        content:
          'A template can see request, and a macro imported from another template file can too.',
        score: 0.026,
      }),
      passage({
        chunkId: 'context',
        datasourceId: 'd2',
        datasourceName: 'templating',
        title: 'Templates › Standard Context',
        content: 'Imported templates cannot see request unless you import them with context.',
        score: 0.025,
      }),
      passage({
        chunkId: 'uploads',
        position: 1,
        title: 'Quickstart › File Uploads',
        content: 'A macro in another template file can fix an upload: import request.files in it.',
        score: 0.019,
      }),
    ]);
    expect(answer.citations).toEqual([0, 1, 2]);
  });

  it('reads an API entry’s heading by its name, not its parameters', () => {
    // Sphinx's autodoc headings are signatures: `add_url_rule(rule, endpoint=None, …)`
    // names `add_url_rule`; its parameters' words ("None") are not what it is about.
    const question = 'Can a view return None?';
    const answer = composeExtractiveAnswer(question, [
      passage({
        chunkId: 'a',
        title: 'API › Application Object › make_response(rv)',
        content:
          'Convert the return value from a view function to a response. The view may not return None.',
        score: 0.05,
      }),
      passage({
        chunkId: 'b',
        position: 1,
        title: 'API › Application Object › dispatch_request()',
        content:
          'Does the request dispatching: matches the URL and returns the return value of the view.',
        score: 0.049,
      }),
      passage({
        chunkId: 'c',
        position: 2,
        title: 'API › Application Object › add_url_rule(rule, endpoint=None, view_func=None)',
        content: 'Register a rule for routing incoming requests and building URLs.',
        score: 0.048,
      }),
    ]);
    expect(answer.citations).toEqual([0, 1, 2]);
  });
});

describe('createExtractiveAnswerer', () => {
  it('sends its citations, then word fragments that concatenate to the answer', async () => {
    const passages = [passage({ content: 'Otters hold hands while sleeping.' })];
    const parts: unknown[] = [];
    const answerer = createExtractiveAnswerer();
    for await (const part of answerer.answer({
      query: 'otters',
      passages,
      history: [],
      settings,
      signal: new AbortController().signal,
    })) {
      parts.push(part);
    }
    expect(parts[0]).toEqual({ citations: [0] });
    expect(parts.length).toBeGreaterThan(5);
    expect(parts.slice(1).join('')).toBe(answerOf('otters', passages));
  });

  it('stops when aborted, even while waiting between fragments', async () => {
    const controller = new AbortController();
    const answerer = createExtractiveAnswerer({ fragmentDelayMs: 10_000 });
    const iterator = answerer
      .answer({
        query: 'otters',
        passages: [passage({ content: 'Otters hold hands.' })],
        history: [],
        settings,
        signal: controller.signal,
      })
      [Symbol.asyncIterator]();
    expect(await iterator.next()).toEqual({ done: false, value: { citations: [0] } });
    const next = iterator.next();
    controller.abort();
    expect(await next).toEqual({ done: true, value: undefined });
  });
});

describe('toFragments', () => {
  it('keeps every character, including line breaks', () => {
    const text = 'Line one\n\n```\ncode  here\n```';
    expect(toFragments(text).join('')).toBe(text);
  });
});
