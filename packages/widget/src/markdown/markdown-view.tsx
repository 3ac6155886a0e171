import type { Source } from '@agent-chat/protocol';
import type { Token } from 'marked';
import type { VNode } from 'preact';
import { useMemo } from 'preact/hooks';
import { memo } from '../memo.js';
import { citationTargets, mayCite } from './citations.js';
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
  /** The answer's sources: its citations `[n]` link to them (none: citations stay text). */
  sources?: readonly Source[] | undefined;
  /** Accessible name of a citation link, `{n}` and `{title}` replaced. Default "Source {n}: {title}". */
  citationLabel?: string | undefined;
}

interface GroupProps {
  tokens: readonly Token[];
  options: MarkdownOptions;
  /** The options with citation targets, given only to a group that may cite. */
  cited?: MarkdownOptions | undefined;
  /** The group was there (and laid out) at the previous render. */
  settled?: boolean | undefined;
}

const cites = (token: Token): boolean => mayCite(token.raw);
const groupCites = new WeakMap<readonly Token[], boolean>();
// Whether a full group (its token array never changes) may cite, computed once.
function mayGroupCite(tokens: readonly Token[]): boolean {
  let result = groupCites.get(tokens);
  if (result === undefined) {
    result = tokens.some(cites);
    groupCites.set(tokens, result);
  }
  return result;
}

// A group's element is what lets the browser skip its layout and paint while it is off screen
// (`.blocks.settled` has `content-visibility: auto` in the panel's styles): each update of a
// long answer then lays out and paints only what is near the visible part of the transcript.
// Only a settled group may be skipped: it was laid out at an earlier render, so the browser
// remembers its size (`contain-intrinsic-size: auto`). A group that first appears off screen
// (much text arriving at once) would otherwise be skipped before its first layout and count as
// a placeholder height, and the transcript would no longer end where it was scrolled to.
// Sources arrive when the answer is complete: then only the groups and blocks that may cite
// get the options with citations (and render again); the others keep their options and skip.
function Group({ tokens, options, cited, settled }: GroupProps): VNode {
  return (
    <div class={settled ? 'blocks settled' : 'blocks'}>
      {tokens.map((token) => (
        <MemoBlock token={token} options={cited && cites(token) ? cited : options} />
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

function MarkdownViewBase({
  text,
  options,
  streaming = false,
  sources,
  citationLabel = 'Source {n}: {title}',
}: MarkdownViewProps): VNode {
  const lexer = useMemo(createIncrementalLexer, []);
  const cited = useMemo(
    () =>
      sources && sources.length > 0
        ? { ...options, citations: citationTargets(sources, citationLabel) }
        : undefined,
    [options, sources, citationLabel],
  );
  const state = useMemo(() => ({ groups: [] as Token[][], previousCount: 0 }), []);
  const { groups } = state;
  const { finished, open, plain } = lexer.lex(text, !streaming);
  const full = Math.floor(finished.length / groupSize);
  if (
    groups.length > full ||
    groups.some((group, index) => group[0] !== finished[index * groupSize])
  ) {
    groups.length = 0; // the text was replaced
    state.previousCount = 0;
  }
  const settled = state.previousCount;
  for (let index = groups.length; index < full; index++) {
    groups.push(finished.slice(index * groupSize, (index + 1) * groupSize));
  }
  const children = groups.map((group, index) => (
    <MemoGroup
      key={index}
      tokens={group}
      options={options}
      cited={cited && mayGroupCite(group) ? cited : undefined}
      settled={index < settled}
    />
  ));
  // The blocks after the full groups, grouped by position in the answer as well: one flat list
  // of keyed children, so a block stays in its group (and keeps its elements) as more arrive.
  const rest = finished.slice(full * groupSize).concat(open);
  for (let start = 0; start < rest.length; start += groupSize) {
    const key = full + start / groupSize;
    const tokens = rest.slice(start, start + groupSize);
    const groupCited = cited && tokens.some(cites) ? cited : undefined;
    children.push(
      <MemoGroup
        key={key}
        tokens={tokens}
        options={options}
        cited={groupCited}
        settled={key < settled}
      />,
    );
  }
  state.previousCount = children.length;
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
 * as Preact elements, never as an HTML string, with citations `[n]` linked to the answer's
 * sources. While an answer streams, only its last block is lexed and rendered again.
 *
 * Re-renders only when its props change.
 *
 * @example <MarkdownView text={answer} options={{ codeBlock: CodeBlock }} />
 */
export const MarkdownView = memo(MarkdownViewBase);
