import { defaultTextOf, type OptionField } from './option-fields.js';

/** One line of a `--help` option list: a variable (or flag), what it means, its default. */
export interface OptionHelpEntry {
  /** `PORT`, or `--url <url>` for a flag. */
  name: string;
  /** What it means (plain text). */
  description: string;
  /** Its default as people read it (plain text), or `required`. */
  default: string;
}

/** Markdown without its code marks, for a terminal. */
export const plainText = (markdown: string) => markdown.replaceAll('`', '');

/** The `--help` entry of a documented option, named by its variable (or `name`). */
export function optionHelpEntry(field: OptionField, name = field.doc.env ?? ''): OptionHelpEntry {
  return {
    name,
    description: plainText(field.doc.description),
    default: plainText(defaultTextOf(field)),
  };
}

function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line === '' ? word : `${line} ${word}`;
    }
  }
  return [...lines, line];
}

/**
 * The option list of a `--help` text: each name, then its meaning and default, wrapped to
 * `width` columns under one another, e.g.
 * `  PORT  Port to listen on (0: any free port). [default: 3001]`.
 */
export function renderOptionHelp(entries: readonly OptionHelpEntry[], width = 100): string {
  const nameWidth = Math.max(...entries.map((entry) => entry.name.length));
  const indent = ' '.repeat(2 + nameWidth + 2);
  return entries
    .map((entry) => {
      const suffix = entry.default === 'required' ? '[required]' : `[default: ${entry.default}]`;
      const [first = '', ...rest] = wrap(
        `${entry.description} ${suffix}`,
        Math.max(40, width - indent.length),
      );
      return [
        `  ${entry.name.padEnd(nameWidth)}  ${first}`,
        ...rest.map((line) => indent + line),
      ].join('\n');
    })
    .join('\n');
}
