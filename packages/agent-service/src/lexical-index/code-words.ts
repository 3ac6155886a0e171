import { markdownBlocks } from '../markdown/index.js';
import { codeOf } from './code-shapes.js';
import { wordsOf, writtenWordsOf } from './text-terms.js';

/**
 * A token of prose written as code: a name with an inner capital (`onDone`, `XMLHttp`), joined
 * by `_`, `.`, `::` or `->` to another (`max_overflow`, `session.modified`, `std::vec`),
 * letters and digits together (`utf8`, `es2022`), called (`render()`), or a command-line
 * option (`--quiet`).
 */
const CODE_WRITTEN =
  /[\p{Ll}\p{N}]\p{Lu}|[\p{L}\p{N}](?:_|\.|::|->)[\p{L}\p{N}_]|\p{L}\p{N}|\p{N}\p{L}|[\p{L}\p{N}]\(|^-{1,2}\p{L}/u;
/** A word in capitals: an acronym or a name (`YAML`, `QUIC`), not a word in a sentence. */
const CAPITALS = /^\p{Lu}{2,}s?$/u;

/**
 * The words of a text (lower-case, as `wordsOf` gives them) that it writes as code or as a
 * name, which a reader types deliberately: those of its code (`codeOf`: fenced blocks and
 * inline code spans), those of its tokens shaped as code (an inner capital, joined by `_`,
 * `.` or `::`, letters with digits, a call, an option), and words in capitals (`YAML`) when the
 * text is not all capitals. Such a word is an identifier or a name, never a typing slip of an
 * English word one letter away (`onDone` is not "undone", `YAML` not "yml").
 *
 * @example
 * codeWordsOf('Why is `onDone` called twice with max_size in YAML?') // Set { 'ondone', 'max', 'size', 'yaml' }
 */
export function codeWordsOf(markdown: string): Set<string> {
  return wordsWrittenOf(markdown).code;
}

/** The words of a text's prose that it writes as English words: neither code nor a name. */
export function proseWordsOf(markdown: string): Set<string> {
  return wordsWrittenOf(markdown).prose;
}

/** The words of a text written as code or as a name (`code`), and those of its prose (`prose`). */
function wordsWrittenOf(markdown: string): { code: Set<string>; prose: Set<string> } {
  const code = new Set<string>();
  const prose = new Set<string>();
  const hasCode = markdown.includes('`') || markdown.includes('~~~');
  if (hasCode)
    for (const text of codeOf(markdown)) for (const word of wordsOf(text)) code.add(word);
  const lowerCase = /\p{Ll}/u.test(hasCode ? withoutInlineCode(markdown) : markdown);
  // The text outside fenced blocks and inline code (its code's words are all in `code`).
  const outside = hasCode
    ? [...markdownBlocks(markdown)]
        .flatMap((block) => (block.kind === 'code' ? [] : [withoutInlineCode(block.text)]))
        .join('\n')
    : markdown;
  for (const token of outside.split(/\s+/)) {
    if (CODE_WRITTEN.test(token)) {
      for (const word of wordsOf(token)) code.add(word);
      continue;
    }
    for (const written of writtenWordsOf(token)) {
      if (lowerCase && CAPITALS.test(written)) code.add(written.toLowerCase());
      else for (const word of wordsOf(written)) prose.add(word);
    }
  }
  return { code, prose };
}

/** A text with its inline code spans blanked out. */
function withoutInlineCode(text: string): string {
  return text.replace(/`[^`\n]*`/g, ' ');
}
