import type { ComponentChildren, VNode } from 'preact';
import { CopyButton } from './copy-button.js';
import { parseBlock, splitBlocks } from './markdown-blocks.js';
import { memo } from './memo.js';
import { safeHref } from './safe-href.js';

// Spans are bounded: an opener without a closer costs at most `span` characters of scanning,
// instead of a scan to the end of the block for every opener (quadratic on hostile text such
// as "~~a " repeated, re-parsed on every frame while it streams).
const span = '{0,500}';
// Alternatives, in order: code span, **strong**, __strong__, *em*, _em_, ~~del~~,
// [link](url) or ![image](url), <autolink>, bare http(s) URL.
const inlinePattern = new RegExp(
  [
    String.raw`(\`+)([^\`]|[^\`][\s\S]${span}?[^\`])\1(?!\`)`,
    String.raw`\*\*(?=\S)([\s\S]${span}?\S)\*\*`,
    String.raw`__(?=\S)([\s\S]${span}?\S)__`,
    String.raw`\*(?=[^\s*])([^*]${span}?[^\s*])\*`,
    String.raw`_(?=[^\s_])([^_]${span}?[^\s_])_(?!\w)`,
    String.raw`~~(?=\S)([\s\S]${span}?\S)~~`,
    String.raw`!?\[([^\]\n]${span})\]\(\s*<?([^\s<>()]*(?:\([^\s<>()]*\)[^\s<>()]*)*)>?(?:\s+["'][^"'\n]*["'])?\s*\)`,
    String.raw`<((?:https?:\/\/|mailto:)[^\s<>]+)>`,
    String.raw`(https?:\/\/[^\s<>]*[^\s<>.,;:!?'")\]*_])`,
  ].join('|'),
  'g',
);

const maxDepth = 4;

function link(href: string | undefined, children: ComponentChildren): ComponentChildren {
  if (!href) return children;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}

function withBreaks(text: string): ComponentChildren[] {
  const parts: ComponentChildren[] = [];
  text.split('\n').forEach((line, index) => {
    if (index > 0) parts.push(<br />);
    parts.push(line);
  });
  return parts;
}

/**
 * Renders inline Markdown (code, emphasis, strike, links, autolinks) as Preact children.
 * Text always becomes text nodes; links are kept only for http(s)/mailto URLs and images
 * become links (the widget never loads third-party content).
 */
export function renderInline(text: string, depth = 0): ComponentChildren[] {
  if (depth > maxDepth) return withBreaks(text);
  const output: ComponentChildren[] = [];
  const pattern = new RegExp(inlinePattern.source, 'g');
  let last = 0;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    const start = match.index;
    if (match[6] !== undefined && /\w/.test(text[start - 1] ?? '')) {
      pattern.lastIndex = start + 1; // snake_case_words are not emphasis
      continue;
    }
    if (start > last) output.push(...withBreaks(text.slice(last, start)));
    last = pattern.lastIndex;
    const [, , code, strong1, strong2, em1, em2, del, label, url, autolink, bare] = match;
    if (code !== undefined) output.push(<code>{code.trim() || code}</code>);
    else if (strong1 !== undefined || strong2 !== undefined) {
      output.push(<strong>{renderInline((strong1 ?? strong2)!, depth + 1)}</strong>);
    } else if (em1 !== undefined || em2 !== undefined) {
      output.push(<em>{renderInline((em1 ?? em2)!, depth + 1)}</em>);
    } else if (del !== undefined) output.push(<del>{renderInline(del, depth + 1)}</del>);
    else if (label !== undefined) {
      const href = safeHref(url ?? '');
      output.push(link(href, renderInline(label || url || '', depth + 1)));
    } else {
      const target = (autolink ?? bare)!;
      output.push(link(safeHref(target), target));
    }
  }
  if (last < text.length) output.push(...withBreaks(text.slice(last)));
  return output;
}

function Block({ raw, copyLabel, copiedLabel }: BlockProps): VNode {
  const block = parseBlock(raw);
  switch (block.type) {
    case 'code':
      return (
        <div class="code">
          <div class="code-bar">
            <span>{block.lang}</span>
            <CopyButton text={block.code} label={copyLabel} copiedLabel={copiedLabel} />
          </div>
          <pre>
            <code>{block.code}</code>
          </pre>
        </div>
      );
    case 'heading': {
      // The dialog's title is the h2: answer headings start at h3.
      const Heading = `h${Math.min(6, block.level + 2)}` as 'h3';
      return <Heading class={`heading h${block.level}`}>{renderInline(block.text)}</Heading>;
    }
    case 'rule':
      return <hr />;
    case 'quote':
      return <blockquote>{renderInline(block.text)}</blockquote>;
    case 'list': {
      const items = block.items.map((item) => <li>{renderInline(item)}</li>);
      return block.ordered ? <ol start={block.start}>{items}</ol> : <ul>{items}</ul>;
    }
    case 'paragraph':
      return <p>{renderInline(block.text)}</p>;
  }
}

interface BlockProps {
  raw: string;
  copyLabel: string;
  copiedLabel: string;
}

const MemoBlock = memo(Block);

/** Props of {@link Markdown}. */
export interface MarkdownProps {
  text: string;
  /** Label of the copy button on code blocks. */
  copyLabel: string;
  copiedLabel: string;
}

/**
 * Renders model output as Markdown, safely by construction: the text becomes Preact
 * elements (never an HTML string). Each block is memoised, so while an answer streams only
 * its last block is parsed again.
 */
export function Markdown({ text, copyLabel, copiedLabel }: MarkdownProps): VNode {
  return (
    <div class="markdown">
      {splitBlocks(text).map((raw) => (
        <MemoBlock raw={raw} copyLabel={copyLabel} copiedLabel={copiedLabel} />
      ))}
    </div>
  );
}
