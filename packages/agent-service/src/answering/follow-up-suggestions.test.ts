import { describe, expect, it } from 'vitest';
import { suggestFollowUps } from './follow-up-suggestions.js';

const page = (title: string, url: string | null = 'https://docs.example/guide#x') => ({
  passage: { title },
  source: { source_url: url, datasource_name: 'guide', datasource_type: 'web_page' },
});

function suggest(candidates: ReturnType<typeof page>[], cited: number[]) {
  return suggestFollowUps(
    candidates.map((candidate) => candidate.passage),
    candidates.map((candidate) => candidate.source),
    new Set(cited),
  );
}

describe('suggestFollowUps', () => {
  it('turns the other sections retrieved into neutral questions, best first, skipping the quoted one', () => {
    const suggestions = suggest(
      [
        page('Guide › Install'),
        page('Guide › 2. `Proxies`', 'https://docs.example/guide#proxies'),
        page('Guide › Install'),
        page('Guide › FAQ › Can I self-host?'),
        page('Pricing', 'https://docs.example/pricing'),
        page('Guide › Limits'),
      ],
      [0],
    );
    expect(suggestions).toEqual([
      {
        question: 'Tell me about Proxies (Guide)',
        sourceUrl: 'https://docs.example/guide#proxies',
        datasourceName: 'guide',
      },
      expect.objectContaining({ question: 'Can I self-host?' }),
      expect.objectContaining({ question: 'Tell me about Pricing' }),
    ]);
  });

  it("keeps a Q&A datasource's question as it is, drops repeats and what is too long", () => {
    const qa = {
      passage: { title: 'Do you ship abroad' },
      source: { source_url: null, datasource_name: 'FAQ', datasource_type: 'qa' },
    };
    const long = 'w'.repeat(100);
    const tooLong = 'v'.repeat(110);
    expect(
      suggest(
        [page('Guide › Intro'), qa, qa, page(`${long} › ${long}`), page(`Guide › ${tooLong}`)],
        [0],
      ).map((suggestion) => suggestion.question),
    ).toEqual(['Do you ship abroad', `Tell me about ${long}`]);
  });

  it('suggests nothing from the quoted sections alone', () => {
    expect(suggest([page('Guide › Install'), page('Guide › Install')], [0])).toEqual([]);
    expect(suggest([], [])).toEqual([]);
  });
});
