import { describe, expect, it } from 'vitest';
import type { Passage } from '../retrieval/index.js';
import {
  composeExtractiveAnswer,
  createExtractiveAnswerer,
  NOTHING_FOUND_ANSWER,
  toFragments,
} from './extractive-answerer.js';

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
  it('quotes the paragraph that answers and the code block it introduces', () => {
    const answer = composeExtractiveAnswer('How do I install the CLI?', [
      passage({
        title: 'Guide › Install',
        content:
          'The project has many parts.\n\nTo install the CLI, run:\n\n```sh\nnpm install -g thing\n```\n\nBilling is monthly.',
      }),
    ]);
    expect(answer).toBe(
      'According to “Guide › Install”:\n\nTo install the CLI, run:\n\n```sh\nnpm install -g thing\n```\n[1]',
    );
  });

  it('keeps a whole list whose heading matches the question', () => {
    const answer = composeExtractiveAnswer('Which environment variables does the server read?', [
      passage({
        title: 'Server › Environment variables',
        content: [
          '- `PORT`: listen port, default 3000, change it when another program uses it.',
          '- `TOKEN`: the secret sent upstream; it is never logged and never sent to browsers.',
          '- `ORIGINS`: the origins allowed to call, comma separated, default same origin.',
          '- `CACHE`: a Redis URL shared by several server replicas for their rate limits.',
          '- `LEVEL`: how much is logged: debug, info, warn or error; default info.',
          '- `GRACE`: how long open streams may finish during shutdown, in milliseconds.',
        ].join('\n'),
      }),
    ]);
    expect(answer).toContain('`PORT`');
    expect(answer).toContain('`TOKEN`');
  });

  it('says plainly when nothing relevant was found', () => {
    expect(composeExtractiveAnswer('penguins?', [])).toBe(NOTHING_FOUND_ANSWER);
    expect(composeExtractiveAnswer('what is it?', [passage({ content: 'Anything.' })])).toBe(
      NOTHING_FOUND_ANSWER,
    );
  });

  it('names several documents when the answer draws on them', () => {
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
    expect(answer).toMatch(/^Here is what I found in “a\.md” and “b\.md”:/);
    expect(answer).toContain('Refund policy: 30 days. [1]');
    expect(answer).toContain('The refund policy excludes sale items. [2]');
    expect(answer).toContain('30 days');
    expect(answer).toContain('sale items');
  });

  it('keeps only the matching items of a long list', () => {
    const items = Array.from({ length: 40 }, (_, index) => `- item ${index}: filler text here`);
    items[17] = '- colour: sets the accent colour';
    const answer = composeExtractiveAnswer('colour', [
      passage({ content: `Options:\n${items.join('\n')}` }),
    ]);
    expect(answer).toContain('- colour: sets the accent colour');
    expect(answer).not.toContain('item 3:');
  });
});

describe('concise, cited answers', () => {
  it('answers with the best sentences of a long passage, within about 400 characters', () => {
    const filler = Array.from(
      { length: 12 },
      (_, index) => `Sentence ${index} talks about the weather and the harbour at length.`,
    );
    filler.splice(7, 0, 'The museum opens at nine and tickets cost twelve euros.');
    const answer = composeExtractiveAnswer('When does the museum open and what do tickets cost?', [
      passage({ title: 'Visit', content: filler.join(' ') }),
    ]);
    expect(answer).toContain('The museum opens at nine and tickets cost twelve euros. [1]');
    expect(answer.length).toBeLessThan(450);
    expect(answer).not.toContain('Sentence 0');
  });

  it('numbers citations in the order of the sources (one per datasource, best first)', () => {
    const answer = composeExtractiveAnswer('otters and stones', [
      passage({ datasourceId: 'd1', content: 'Otters sleep holding hands.' }),
      passage({
        datasourceId: 'd2',
        datasourceName: 'b.md',
        content: 'Otters use stones as tools.',
      }),
      passage({ datasourceId: 'd1', content: 'Sea otters use stones.', position: 1 }),
    ]);
    expect(answer).toContain('Sea otters use stones. [1]');
    expect(answer).toContain('Otters use stones as tools. [2]');
  });
});

describe('createExtractiveAnswerer', () => {
  it('streams word fragments that concatenate to the answer', async () => {
    const passages = [passage({ content: 'Otters hold hands while sleeping.' })];
    const fragments: string[] = [];
    const answerer = createExtractiveAnswerer();
    for await (const fragment of answerer.answer({
      query: 'otters',
      passages,
      history: [],
      settings,
      signal: new AbortController().signal,
    })) {
      fragments.push(fragment);
    }
    expect(fragments.length).toBeGreaterThan(5);
    expect(fragments.join('')).toBe(composeExtractiveAnswer('otters', passages));
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
