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

/**
 * Renders Markdown (CommonMark + GFM tables, strikethrough, task lists, literal autolinks)
 * as Preact elements, never as an HTML string. While an answer streams, only its last block
 * is lexed and rendered again.
 *
 * @example <MarkdownView text={answer} options={{ codeBlock: CodeBlock }} />
 */
export function MarkdownView({ text, options, streaming = false }: MarkdownViewProps): VNode {
  const lexer = useMemo(createIncrementalLexer, []);
  const { finished, open, plain } = lexer.lex(text, !streaming);
  return (
    <div class="markdown">
      {finished.concat(open).map((token) => (
        <MemoBlock token={token} options={options} />
      ))}
      {plain ? <p class="plain">{plain}</p> : null}
    </div>
  );
}
