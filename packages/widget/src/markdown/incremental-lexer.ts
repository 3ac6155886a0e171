import { Lexer, type MarkedOptions, type Token, type Tokens, type TokensList } from 'marked';

/** The blocks of a Markdown text, as {@link IncrementalLexer.lex} returns them. */
export interface LexedMarkdown {
  /**
   * Top-level blocks that more text can no longer change. The array and its tokens stay the
   * same objects as text is appended, so a view memoised per token skips them.
   */
  finished: readonly Token[];
  /** The blocks after them (the last block may still grow), lexed again on every call. */
  open: readonly Token[];
  /**
   * Text after the blocks that is shown as plain text instead of being parsed: from the
   * first line of hostile input on (containers nested past {@link maxNesting} levels, or a
   * delimiter run past {@link maxDelimiterRun} characters), which would cost more than
   * linear time or overflow the stack. Empty otherwise.
   */
  plain: string;
}

/** Lexes Markdown text that grows at its end (a streamed answer), in linear total time. */
export interface IncrementalLexer {
  /**
   * Lexes `text`. Pass `final` once the text is complete: link reference definitions in its
   * last block then apply to the blocks before them too (while the text streams, a definition
   * applies to earlier blocks once a block follows it).
   */
  lex(text: string, final?: boolean): LexedMarkdown;
}

/** Deepest nesting of block quotes and list markers on one line that is parsed. */
export const maxNesting = 16;
/** Longest run of `*`, `_` or `~` that is parsed. */
export const maxDelimiterRun = 200;
// More than maxNesting container markers on one line, a list item indented past 4 columns per
// level, or a delimiter run past maxDelimiterRun.
const hostilePattern = new RegExp(
  String.raw`^(?:[ \t]{0,3}(?:>|[-+*]|\d{1,9}[.)])(?:[ \t]+|$)){${maxNesting + 1}}|^[ \t]{${
    maxNesting * 4
  },}(?:[-+*>]|\d{1,9}[.)])|[*_~]{${maxDelimiterRun + 1}}`,
  'm',
);
// A new link reference definition in a finished block makes earlier blocks that use it links:
// they are lexed again, at most this many times per answer (then definitions apply only to
// the blocks after them until the text is replaced), so hostile input stays linear.
const maxRelexes = 16;

const options = (): MarkedOptions => ({ gfm: true, breaks: false, pedantic: false });

function definedLabels(tokens: readonly Token[], labels: string[]): string[] {
  for (const token of tokens) {
    if (token.type === 'def') labels.push(token.tag as string);
    else if (token.type === 'blockquote') definedLabels(token.tokens ?? [], labels);
    else if (token.type === 'list') {
      for (const item of (token as Tokens.List).items) definedLabels(item.tokens, labels);
    }
  }
  return labels;
}

/**
 * Creates a lexer for one growing Markdown text, built on marked's lexer (CommonMark + GFM
 * tokens). Each call lexes only the text from the start of the last unfinished top-level
 * block: the blocks before it keep their tokens. A text that does not extend the previous one
 * (a replaced answer) is lexed from the start.
 */
export function createIncrementalLexer(): IncrementalLexer {
  let finished: Token[] = [];
  let finishedText = '';
  let links: TokensList['links'] = Object.create(null);
  let relexes = 0;
  let last: { text: string; final: boolean; result: LexedMarkdown } | undefined;

  const restart = (): void => {
    finished = [];
    finishedText = '';
    links = Object.create(null);
  };

  const lexTail = (text: string, final: boolean): LexedMarkdown => {
    let tail = text.slice(finishedText.length);
    let plain = '';
    const hostile = hostilePattern.exec(tail);
    if (hostile) {
      // Parse up to the hostile line; show the rest as text.
      const lineStart = tail.lastIndexOf('\n', hostile.index) + 1;
      plain = tail.slice(lineStart);
      tail = tail.slice(0, lineStart);
    }
    const lexer = new Lexer(options());
    Object.assign(lexer.tokens.links, links);
    let tokens: TokensList;
    try {
      tokens = lexer.lex(tail);
    } catch {
      return { finished, open: [], plain: tail + plain };
    }
    const labels = Object.keys(lexer.tokens.links).filter((label) => !(label in links));
    const lastContent = (before: number): number => {
      let index = before - 1;
      while (index >= 0 && tokens[index]!.type === 'space') index--;
      return index;
    };
    let open = lastContent(tokens.length);
    // A block begun by an unfinished last line may still turn into a continuation of the
    // block before it ("- a\n*" becomes "- a\n**", a lazy paragraph line): keep both open.
    if (open > 0 && !tokens[open]!.raw.includes('\n')) open = lastContent(open);
    const done = plain ? [] : tokens.slice(0, Math.max(0, open));
    const defined = labels.length > 0 ? definedLabels(done, []) : [];
    const doneLabels = labels.filter((label) => defined.includes(label));
    // At the end of the answer a definition in the last block counts too.
    const relabels = final ? labels : doneLabels;
    if (relabels.length > 0 && finished.length > 0 && (final || relexes < maxRelexes)) {
      if (!final) relexes++;
      restart();
      return lexTail(text, false);
    }
    for (const token of done) {
      finished.push(token);
      finishedText += token.raw;
    }
    for (const label of doneLabels) links[label] = lexer.tokens.links[label]!;
    return { finished, open: tokens.slice(done.length), plain };
  };

  return {
    lex(input, final = false) {
      if (last?.text === input && last.final === final) return last.result;
      const text = input.includes('\r') ? input.replace(/\r\n?/g, '\n') : input;
      if (!text.startsWith(finishedText)) {
        restart();
        relexes = 0;
      }
      const result = lexTail(text, final);
      last = { text: input, final, result };
      return result;
    },
  };
}
