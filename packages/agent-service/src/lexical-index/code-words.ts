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
  const words = new Set<string>();
  const hasCode = markdown.includes('`') || markdown.includes('~~~');
  if (hasCode)
    for (const code of codeOf(markdown)) for (const word of wordsOf(code)) words.add(word);
  const prose = hasCode ? markdown.replace(/`[^`\n]*`/g, ' ') : markdown;
  const lowerCase = /\p{Ll}/u.test(prose);
  for (const token of prose.split(/\s+/)) {
    if (CODE_WRITTEN.test(token)) {
      for (const word of wordsOf(token)) words.add(word);
      continue;
    }
    if (!lowerCase) continue;
    for (const written of writtenWordsOf(token)) {
      if (CAPITALS.test(written)) words.add(written.toLowerCase());
    }
  }
  return words;
}
