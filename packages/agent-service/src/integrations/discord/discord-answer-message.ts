import type { QueryResponse, Source } from '@agent-chat/protocol';
import { answerPieces, packPieces } from '../answer-pieces.js';
import type { DiscordMessage } from './discord-client.js';

/** Longest content of one Discord message, in characters. */
export const DISCORD_MESSAGE_LIMIT = 2_000;

/** The prefixes of the feedback buttons' `custom_id` (followed by the answer's message id). */
export const DISCORD_ACTIONS = { good: 'agent_chat_good:', bad: 'agent_chat_bad:' } as const;

const LISTED_SOURCES = 3;

const pageOf = (sources: readonly Source[], n: number) => {
  const url = sources[n - 1]?.source_url;
  return url && /^https?:\/\//.test(url) ? url : undefined;
};

/** Citations `[n]` as masked links to their page (`<…>` keeps Discord from embedding it). */
function linkCitations(text: string, sources: readonly Source[]): string {
  return text.replace(/\[(\d{1,2})\](?!\()/g, (all, n: string) => {
    const url = pageOf(sources, Number(n));
    return url ? `[[${n}]](<${url}>)` : all;
  });
}

/**
 * An answer as Discord messages of at most {@link DISCORD_MESSAGE_LIMIT} characters, cut
 * between blocks and never inside a code block (Discord reads Markdown, so the answer's
 * own is kept, code fences with their language), citations linked, a short list of
 * sources, and 👍/👎 buttons (message components) under the last one.
 */
export function discordAnswerMessages(response: QueryResponse): DiscordMessage[] {
  const listed = response.sources.slice(0, LISTED_SOURCES).map((source, index) => {
    const title = source.datasource_name || source.source_url || 'Source';
    const url = pageOf(response.sources, index + 1);
    return `${index + 1}. ${url ? `[${title.replaceAll(']', '')}](<${url}>)` : title}`;
  });
  const pieces = answerPieces(response.answer);
  if (listed.length > 0) pieces.push({ kind: 'text', text: `**Sources**\n${listed.join('\n')}` });
  const contents = packPieces(pieces, DISCORD_MESSAGE_LIMIT, {
    text: (text) => linkCitations(text, response.sources),
    fence: (info, code) => `\`\`\`${info}\n${code}\n\`\`\``,
  });
  const messages: DiscordMessage[] = contents.map((content) => ({ content }));
  const last = messages.at(-1);
  if (last && response.messageId && response.status !== 'handoff') {
    last.components = [
      {
        type: 1,
        components: [
          {
            type: 2,
            style: 2,
            label: 'Helpful',
            emoji: { name: '👍' },
            custom_id: `${DISCORD_ACTIONS.good}${response.messageId}`,
          },
          {
            type: 2,
            style: 2,
            label: 'Not helpful',
            emoji: { name: '👎' },
            custom_id: `${DISCORD_ACTIONS.bad}${response.messageId}`,
          },
        ],
      },
    ];
  }
  return messages.length > 0 ? messages : [{ content: '…' }];
}

/** The `/ask` slash command, as registered with Discord. */
export const ASK_COMMAND = {
  name: 'ask',
  type: 1,
  description: 'Ask the assistant a question about the docs',
  options: [
    { type: 3, name: 'question', description: 'Your question', required: true, max_length: 1000 },
  ],
};
