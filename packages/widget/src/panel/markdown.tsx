import type { Source } from '@agent-chat/protocol';
import { signal } from '@preact/signals';
import type { VNode } from 'preact';
import { useMemo } from 'preact/hooks';
import type { CodeBlockProps, MarkdownOptions } from '../markdown/index.js';
import { CopyButton } from './copy-button.js';

type MarkdownModule = typeof import('../markdown/index.js');

const loaded = signal<MarkdownModule | undefined>(undefined);
let loading: Promise<MarkdownModule | undefined> | undefined;
let attempted = false;

/**
 * Starts loading the Markdown chunk (once; again after a failure), which resolves with it
 * (undefined when it failed). The panel calls it when it opens, so the chunk is usually there
 * before the first answer arrives; until it is, answers show as plain text.
 */
export function preloadMarkdown(): Promise<MarkdownModule | undefined> {
  attempted = true;
  loading ??= import('../markdown/index.js').then(
    (module) => (loaded.value = module),
    () => {
      // Offline or blocked: answers stay plain text; the next open of the panel tries again.
      loading = undefined;
      return undefined;
    },
  );
  return loading;
}

/** Props of {@link Markdown}. */
export interface MarkdownProps {
  text: string;
  /** Label of the copy button on code blocks. */
  copyLabel: string;
  copiedLabel: string;
  /** True while the answer streams in. */
  streaming?: boolean | undefined;
  /** The answer's sources, for its citations `[n]` to link to. */
  sources?: readonly Source[] | undefined;
  /** Accessible name of a citation link (`{n}`, `{title}`). */
  citationLabel?: string | undefined;
}

function codeBlockWith(copyLabel: string, copiedLabel: string) {
  return function CodeBlock({ lang, code }: CodeBlockProps): VNode {
    return (
      <div class="code">
        <div class="code-bar">
          <span>{lang}</span>
          <CopyButton text={code} label={copyLabel} copiedLabel={copiedLabel} />
        </div>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a long line scrolls the block sideways; keyboard users scroll it once focused (WCAG 2.1.1, axe scrollable-region-focusable). */}
        <pre tabIndex={0}>
          <code class={lang ? `language-${lang}` : undefined}>{code}</code>
        </pre>
      </div>
    );
  };
}

/** The panel's Markdown options: code blocks with their language label and a copy button. */
export function markdownOptions(copyLabel: string, copiedLabel: string): MarkdownOptions {
  return { codeBlock: codeBlockWith(copyLabel, copiedLabel) };
}

/**
 * Renders model output as Markdown, safely by construction (Preact elements, never an HTML
 * string), with the Markdown chunk loaded on demand: until it has loaded, the text shows as
 * plain text.
 */
export function Markdown({
  text,
  copyLabel,
  copiedLabel,
  streaming,
  sources,
  citationLabel,
}: MarkdownProps): VNode {
  const module = loaded.value;
  const options = useMemo(() => markdownOptions(copyLabel, copiedLabel), [copyLabel, copiedLabel]);
  if (!module) {
    if (!attempted) void preloadMarkdown();
    return <div class="markdown plain">{text}</div>;
  }
  return (
    <module.MarkdownView
      text={text}
      options={options}
      streaming={streaming}
      sources={sources}
      citationLabel={citationLabel}
    />
  );
}
