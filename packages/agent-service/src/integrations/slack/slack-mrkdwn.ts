import type { Source } from '@agent-chat/protocol';
import { answerPieces, packPieces } from '../answer-pieces.js';

/** Longest text of one section block, in characters (Slack's limit is 3 000). */
export const SLACK_SECTION_LIMIT = 3_000;

/** Sources listed under an answer. */
const LISTED_SOURCES = 3;

/** Slack's three control characters, escaped as Slack requires in any message text. */
export function escapeSlack(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/** A link in Slack's syntax; the label's `|` and `>` would end it early. */
export function slackLink(url: string, label: string): string {
  return `<${url.replaceAll('|', '%7C').replaceAll('>', '%3E')}|${label.replaceAll('|', '¦').replaceAll('>', '›')}>`;
}

/** Where citation `[n]` points: its source's page (with its `#heading`), if it has one. */
function citationUrl(sources: readonly Source[], n: number): string | undefined {
  const url = sources[n - 1]?.source_url;
  return url && /^https?:\/\//.test(url) ? url : undefined;
}

/**
 * A paragraph of Markdown as Slack mrkdwn: `**bold**` → `*bold*` (`__x__` is left alone: it is
 * more often a Python name than bold), `*em*` → `_em_`,
 * headings bold, list bullets `•`, `[text](url)` → `<url|text>`, citations `[n]` as links
 * to their source's page, inline code kept (Slack reads backticks); `&`, `<`, `>` escaped
 * outside the links it writes.
 */
export function paragraphToMrkdwn(markdown: string, sources: readonly Source[]): string {
  const links: string[] = [];
  const keep = (link: string) => `\u0000${links.push(link) - 1}\u0000`;
  let text = markdown
    .replace(/`[^`\n]+`/g, (code) => keep(escapeSlack(code)))
    .replace(/\[([^\]\n]+)\]\((https?:\/\/[^)\s]+)\)/g, (_all, label: string, url: string) =>
      keep(slackLink(url, escapeSlack(label))),
    )
    .replace(/\[(\d{1,2})\]/g, (all, n: string) => {
      const url = citationUrl(sources, Number(n));
      return url ? keep(slackLink(url, `[${n}]`)) : all;
    });
  text = escapeSlack(text)
    .split('\n')
    .map((line) => {
      const heading = /^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
      if (heading) return `\u0001${heading[1]}\u0001`;
      return line.replace(/^(\s*)[-*+]\s+/, '$1• ');
    })
    .join('\n')
    .replace(/\*\*(\S(?:[^*\n]*\S)?)\*\*/g, '\u0001$1\u0001')
    .replace(/(^|[^\w*])\*(\S(?:[^*\n]*\S)?)\*(?!\w)/g, '$1_$2_')
    .replaceAll('\u0001', '*');
  return text.replace(/\u0000(\d+)\u0000/g, (_all, index: string) => links[Number(index)] ?? '');
}

/** A code block as Slack writes it: fenced, without a language (Slack would print it). */
export function slackCodeBlock(_info: string, code: string): string {
  return `\`\`\`\n${escapeSlack(code)}\n\`\`\``;
}

/**
 * An answer as section texts of Slack mrkdwn, each at most {@link SLACK_SECTION_LIMIT}
 * characters, cut between blocks and never inside a code block.
 */
export function answerToMrkdwn(answer: string, sources: readonly Source[]): string[] {
  return packPieces(answerPieces(answer), SLACK_SECTION_LIMIT, {
    text: (text) => paragraphToMrkdwn(text, sources),
    fence: slackCodeBlock,
  });
}

/** The short list of sources under an answer: `<url|title>` links (a title alone without a URL). */
export function sourcesToMrkdwn(sources: readonly Source[]): string | undefined {
  const listed = sources.slice(0, LISTED_SOURCES).map((source, index) => {
    const title = escapeSlack(source.datasource_name || source.source_url || 'Source');
    const url = citationUrl(sources, index + 1);
    return `${index + 1}. ${url ? slackLink(url, title) : title}`;
  });
  return listed.length > 0 ? `*Sources*\n${listed.join('\n')}` : undefined;
}
