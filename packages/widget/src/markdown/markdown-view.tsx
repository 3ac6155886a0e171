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

function Group({ tokens, options }: GroupProps): VNode {
  return (
    <>
      {tokens.map((token) => (
        <MemoBlock token={token} options={options} />
      ))}
    </>
  );
}

// Finished blocks in groups of `groupSize`: a full group is one memo check per update instead
// of one per block, so a long answer's update stays small.
const MemoGroup = memo(Group);
const groupSize = 32;

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
  return (
    <div class="markdown">
      {groups.map((group) => (
        <MemoGroup tokens={group} options={options} />
      ))}
      <Group tokens={finished.slice(full * groupSize).concat(open)} options={options} />
      {plain ? <p class="plain">{plain}</p> : null}
    </div>
  );
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
