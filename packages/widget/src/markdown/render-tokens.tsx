import type { Token, Tokens } from 'marked';
import type { ComponentChildren, VNode } from 'preact';
import { type CitationTarget, renderCitations } from './citations.js';
import { decodeEntities } from './decode-entities.js';
import { linkHref } from './link-href.js';

/** Props of the component that renders a code block. */
export interface CodeBlockProps {
  /** First word of the fence's info string (`ts` in ```` ```ts ````), or empty. */
  lang: string;
  code: string;
}

/** How the widget renders what Markdown leaves open. */
export interface MarkdownOptions {
  /** Renders a fenced or indented code block (the panel's has a label and a copy button). */
  codeBlock: (props: CodeBlockProps) => VNode;
  /**
   * Inline hook: renders a run of plain text (outside links and code; between citation links
   * when there are citations). The default is the text itself; a hook may return elements.
   */
  text?: ((text: string) => ComponentChildren) | undefined;
  /**
   * The answer's sources as citation targets (see `citationTargets`): a citation `[n]` in
   * plain text (not in code, not in a link, not a reference link's label) links to the n-th.
   */
  citations?: readonly (CitationTarget | undefined)[] | undefined;
}

interface Context {
  options: MarkdownOptions;
  inLink: boolean;
}

const alignClass = (align: string | null | undefined): string | undefined =>
  align ? `align-${align}` : undefined;

function plainText(tokens: readonly Token[] | undefined): string {
  return (tokens ?? [])
    .map((token) =>
      'tokens' in token && token.tokens
        ? plainText(token.tokens)
        : token.type === 'text' || token.type === 'escape'
          ? decodeEntities(token.text)
          : 'text' in token
            ? String(token.text)
            : '',
    )
    .join('');
}

function checkbox(checked: boolean): VNode {
  return <input type="checkbox" disabled checked={checked} />;
}

function link(
  href: string | undefined,
  title: string | null | undefined,
  children: ComponentChildren,
): ComponentChildren {
  if (href === undefined) return children;
  return (
    <a
      href={href}
      title={title ? decodeEntities(title) : undefined}
      target="_blank"
      rel="noopener noreferrer"
    >
      {children}
    </a>
  );
}

function renderInlineToken(token: Token, context: Context): ComponentChildren {
  switch (token.type) {
    case 'text':
      if (token.tokens) return renderInline(token.tokens, context);
      return text(decodeEntities(token.text), context);
    case 'escape':
      return text(token.text, context);
    case 'strong':
      return <strong>{renderInline(token.tokens, context)}</strong>;
    case 'em':
      return <em>{renderInline(token.tokens, context)}</em>;
    case 'del':
      return <del>{renderInline(token.tokens, context)}</del>;
    case 'codespan':
      return <code>{token.text}</code>;
    case 'br':
      return <br />;
    case 'link':
      return link(
        linkHref(token.href),
        token.title,
        renderInline(token.tokens, { ...context, inLink: true }),
      );
    case 'image':
      // Never an <img>: an answer must not make the browser fetch anything (a prompt-injected
      // image URL could carry the conversation away). The image is a link to it (or, inside a
      // link, just its text: links do not nest).
      return context.inLink
        ? plainText(token.tokens)
        : link(linkHref(token.href), token.title, plainText(token.tokens));
    case 'checkbox':
      return checkbox(token.checked);
    default:
      // Raw HTML and anything unknown: shown as the text it is.
      return text('text' in token ? String(token.text) : token.raw, context);
  }
}

function text(value: string, context: Context): ComponentChildren {
  if (context.inLink) return value;
  const { citations, text: hook } = context.options;
  const plain = hook ?? ((run: string) => run);
  return citations && citations.length > 0
    ? renderCitations(value, citations, plain)
    : plain(value);
}

function renderInline(tokens: readonly Token[] | undefined, context: Context): ComponentChildren[] {
  return (tokens ?? []).map((token) => renderInlineToken(token, context));
}

function renderListItem(item: Tokens.ListItem, loose: boolean, context: Context): VNode {
  return (
    <li class={item.task ? 'task' : undefined}>{renderBlocks(item.tokens, context, loose)}</li>
  );
}

function renderTable(token: Tokens.Table, context: Context): VNode {
  return (
    <div class="table">
      <table>
        <thead>
          <tr>
            {token.header.map((cell) => (
              <th class={alignClass(cell.align)}>{renderInline(cell.tokens, context)}</th>
            ))}
          </tr>
        </thead>
        {token.rows.length > 0 ? (
          <tbody>
            {token.rows.map((row) => (
              <tr>
                {row.map((cell) => (
                  <td class={alignClass(cell.align)}>{renderInline(cell.tokens, context)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        ) : null}
      </table>
    </div>
  );
}

function renderBlock(token: Token, context: Context, loose: boolean): ComponentChildren {
  switch (token.type) {
    case 'space':
    case 'def':
      return null;
    case 'paragraph':
      return <p>{renderInline(token.tokens, context)}</p>;
    case 'text': {
      // A tight list item's text: no paragraph around it.
      const children = token.tokens ? renderInline(token.tokens, context) : token.text;
      return loose ? <p>{children}</p> : children;
    }
    case 'heading': {
      // The panel's title is the h2: answer headings start at h3.
      const Heading = `h${Math.min(6, token.depth + 2)}` as 'h3';
      return (
        <Heading class={`heading h${token.depth}`}>{renderInline(token.tokens, context)}</Heading>
      );
    }
    case 'hr':
      return <hr />;
    case 'code': {
      const lang = decodeEntities(token.lang ?? '').split(/\s/)[0] ?? '';
      return context.options.codeBlock({ lang, code: token.text });
    }
    case 'blockquote':
      return <blockquote>{renderBlocks(token.tokens, context, true)}</blockquote>;
    case 'list': {
      const items = (token as Tokens.List).items.map((item) =>
        renderListItem(item, token.loose, context),
      );
      if (!token.ordered) return <ul>{items}</ul>;
      const start = Number(token.start);
      return <ol start={start === 1 ? undefined : start}>{items}</ol>;
    }
    case 'table':
      return renderTable(token as Tokens.Table, context);
    case 'checkbox':
      return checkbox(token.checked);
    default:
      // Raw HTML blocks and anything unknown: shown as the text they are.
      return <p>{token.raw.trim()}</p>;
  }
}

function renderBlocks(
  tokens: readonly Token[] | undefined,
  context: Context,
  loose: boolean,
): ComponentChildren[] {
  return (tokens ?? []).map((token) => renderBlock(token, context, loose));
}

/**
 * Renders one top-level Markdown token (from marked's lexer) as Preact elements: text is
 * always text, links only for http(s)/mailto URLs, images as links, raw HTML as text.
 */
export function renderToken(token: Token, options: MarkdownOptions): ComponentChildren {
  return renderBlock(token, { options, inLink: false }, true);
}
