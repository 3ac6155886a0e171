import type { Token } from 'marked';
import type { VNode } from 'preact';
import { useMemo } from 'preact/hooks';
import { memo } from '../panel/memo.js';
import { createIncrementalLexer } from './incremental-lexer.js';
import { type MarkdownOptions, renderToken } from './render-tokens.js';

interface BlockProps {
  token: Token;
  options: MarkdownOptions;
}

function Block({ token, options }: BlockProps): VNode {
  return <>{renderToken(token, options)}</>;
}

// Finished blocks keep their token objects, so memo skips them while an answer streams (one
// component type for open and finished blocks: a block that finishes keeps its elements).
const MemoBlock = memo(Block);

/** Props of {@link MarkdownView}. */
export interface MarkdownViewProps {
  /** The Markdown text; while it streams, each value extends the previous one. */
  text: string;
  /** Keep the same object between renders (finished blocks re-render when it changes). */
  options: MarkdownOptions;
  /** True while the text still grows (default false: the text is complete). */
  streaming?: boolean | undefined;
}

interface GroupProps {
  tokens: readonly Token[];
  options: MarkdownOptions;
}

// A group's element is what lets the browser skip its layout and paint while it is off screen
// (`.blocks` has `content-visibility: auto` in the panel's styles): each update of a long
// answer then lays out and paints only what is near the visible part of the transcript.
function Group({ tokens, options }: GroupProps): VNode {
  return (
    <div class="blocks">
      {tokens.map((token) => (
        <MemoBlock token={token} options={options} />
      ))}
    </div>
  );
}

// The blocks in groups of `groupSize`: a full group's token array never changes, so an update
// costs one memo check per full group. Every group, the last (growing) one too, is the same
// component under the same key, so a group that fills up keeps its elements.
const MemoGroup = memo(Group);
/** Top-level blocks per group. */
export const groupSize = 32;

function MarkdownViewBase({ text, options, streaming = false }: MarkdownViewProps): VNode {
  const lexer = useMemo(createIncrementalLexer, []);
  const groups = useMemo(() => [] as Token[][], []);
  const { finished, open, plain } = lexer.lex(text, !streaming);
  const full = Math.floor(finished.length / groupSize);
  if (
    groups.length > full ||
    groups.some((group, index) => group[0] !== finished[index * groupSize])
  ) {
    groups.length = 0; // the text was replaced
  }
  for (let index = groups.length; index < full; index++) {
    groups.push(finished.slice(index * groupSize, (index + 1) * groupSize));
  }
  const children = groups.map((group, index) => (
    <MemoGroup key={index} tokens={group} options={options} />
  ));
  // The blocks after the full groups, grouped by position in the answer as well: one flat list
  // of keyed children, so a block stays in its group (and keeps its elements) as more arrive.
  const rest = finished.slice(full * groupSize).concat(open);
  for (let start = 0; start < rest.length; start += groupSize) {
    const key = full + start / groupSize;
    const tokens = rest.slice(start, start + groupSize);
    children.push(<MemoGroup key={key} tokens={tokens} options={options} />);
  }
  if (plain)
    children.push(
      <p key="plain" class="plain">
        {plain}
      </p>,
    );
  return <div class="markdown">{children}</div>;
}

/**
 * Renders Markdown (CommonMark + GFM tables, strikethrough, task lists, literal autolinks)
 * as Preact elements, never as an HTML string. While an answer streams, only its last block
 * is lexed and rendered again.
 *
 * Re-renders only when its props change.
 *
 * @example <MarkdownView text={answer} options={{ codeBlock: CodeBlock }} />
 */
export const MarkdownView = memo(MarkdownViewBase);
