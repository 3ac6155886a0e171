/**
 * The lines of the first Markdown table in `markdown` whose header row starts with
 * `header` (e.g. `'| Option '`), or undefined: what a README test compares with
 * {@link renderMarkdownTable}'s output.
 */
export function readMarkdownTable(markdown: string, header: string): string[] | undefined {
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => line.startsWith(header));
  if (start < 0) return undefined;
  const end = lines.findIndex((line, index) => index > start && !line.startsWith('|'));
  return lines.slice(start, end < 0 ? undefined : end);
}

/**
 * A Markdown table with padded columns, as the formatter leaves README tables: the first
 * row is the header. README tables generated from an options schema use it, and their
 * tests compare the README with it.
 */
export function renderMarkdownTable(rows: readonly (readonly string[])[]): string {
  const columns = Math.max(...rows.map((row) => row.length));
  const widths = Array.from({ length: columns }, (_, column) =>
    Math.max(...rows.map((row) => row[column]?.length ?? 0)),
  );
  const line = (cells: readonly string[]) =>
    `| ${widths.map((width, column) => (cells[column] ?? '').padEnd(width)).join(' | ')} |`;
  const [header = [], ...body] = rows;
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...body.map(line)].join(
    '\n',
  );
}
