import type { QueryResponse } from '@agent-chat/protocol';
import { describe, expect, it } from 'vitest';
import { answerPieces } from './answer-pieces.js';
import { DISCORD_MESSAGE_LIMIT, discordAnswerMessages } from './discord/discord-answer-message.js';
import { answerToMrkdwn, paragraphToMrkdwn } from './slack/slack-mrkdwn.js';

const source = {
  chunk_id: 'c',
  datasource_id: 'd',
  datasource_name: 'Install guide',
  datasource_type: 'web_page',
  source_url: 'https://docs.example/install#pip',
  mime_type: 'text/html',
  score: 1,
};

function response(answer: string): QueryResponse {
  return { answer, sources: [source], conversationId: 'c1', visitorId: 'v1', messageId: 'm1' };
}

/** Whether every code fence of `text` is closed (an even number of ``` lines). */
const fencesBalanced = (text: string) => (text.match(/^```/gm) ?? []).length % 2 === 0;

describe('answers cut for chat platforms', () => {
  it('splits long answers at block boundaries, never inside a code block', () => {
    const code = Array.from({ length: 60 }, (_, i) => `print("line ${i} of the example")`).join(
      '\n',
    );
    const prose = Array.from({ length: 12 }, (_, i) => `Paragraph ${i}: ${'words '.repeat(30)}[1]`);
    const answer = [...prose.slice(0, 6), `\`\`\`python\n${code}\n\`\`\``, ...prose.slice(6)].join(
      '\n\n',
    );
    const messages = discordAnswerMessages(response(answer));
    expect(messages.length).toBeGreaterThan(1);
    for (const message of messages) {
      expect(message.content.length).toBeLessThanOrEqual(DISCORD_MESSAGE_LIMIT);
      expect(fencesBalanced(message.content), message.content).toBe(true);
    }
    const all = messages.map((message) => message.content).join('\n');
    expect(all).toContain('```python\nprint("line 0');
    expect(all).toContain('[[1]](<https://docs.example/install#pip>)');
    expect(messages.at(-1)?.components).toBeDefined();
    expect(messages[0]?.components).toBeUndefined();
  });

  it('cuts a code block longer than a message between lines, each part fenced again', () => {
    const code = Array.from({ length: 200 }, (_, i) => `const value${i} = ${i};`).join('\n');
    const messages = discordAnswerMessages(response(`\`\`\`js\n${code}\n\`\`\``));
    expect(messages.length).toBeGreaterThan(1);
    for (const message of messages) {
      expect(message.content.length).toBeLessThanOrEqual(DISCORD_MESSAGE_LIMIT);
      expect(fencesBalanced(message.content)).toBe(true);
    }
  });

  it('writes Slack mrkdwn: bold, links, citations, escaped text, code kept', () => {
    expect(
      paragraphToMrkdwn(
        '## Install\n**Run** `pip install x<y` see [the guide](https://a.example/g) [1] & more',
        [source],
      ),
    ).toBe(
      '*Install*\n*Run* `pip install x&lt;y` see <https://a.example/g|the guide> <https://docs.example/install#pip|[1]> &amp; more',
    );
    const [text] = answerToMrkdwn('Use:\n\n```python\nif a < b:\n    pass\n```', [source]);
    expect(text).toBe('Use:\n\n```\nif a &lt; b:\n    pass\n```');
    expect(answerPieces('a\n\n```\nx\n\ny\n```\n\nb').map((piece) => piece.kind)).toEqual([
      'text',
      'code',
      'text',
    ]);
  });
});
