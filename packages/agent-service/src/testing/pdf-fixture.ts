/** Options of {@link buildPdf}. */
export interface BuildPdfOptions {
  /** The document information dictionary's `/Title`. */
  title?: string;
  /**
   * Adds a standard security handler whose user password is not empty, as a PDF "protected
   * with a password to open" has: readers (and the loader) cannot open it without one.
   */
  encrypted?: boolean;
}

const pageWidth = 612;
const pageHeight = 792;
const margin = 72;
const wrapAt = 90;

// PDF literal strings: backslash, parentheses escaped; WinAnsi covers Latin-1, other
// characters become "?" (the fixture writer has no embedded fonts).
function pdfString(text: string): string {
  let out = '';
  for (const character of text) {
    const code = character.codePointAt(0) ?? 63;
    const safe = code > 255 || (code < 32 && code !== 9) ? '?' : character;
    out += safe === '\\' || safe === '(' || safe === ')' ? `\\${safe}` : safe;
  }
  return `(${out})`;
}

function wrap(line: string): string[] {
  if (line.length <= wrapAt) return [line];
  const lines: string[] = [];
  let current = '';
  for (const word of line.split(' ')) {
    if (current && current.length + word.length + 1 > wrapAt) {
      lines.push(current);
      current = word;
    } else current = current ? `${current} ${word}` : word;
  }
  if (current) lines.push(current);
  return lines;
}

/**
 * The content stream of one page: each line of `text` is a text line; a line starting with
 * `# ` is drawn as a heading (18 pt bold); an empty line leaves a paragraph gap.
 */
function pageContent(text: string): string {
  const operations = ['BT'];
  let y = pageHeight - margin;
  for (const rawLine of text.split('\n')) {
    if (rawLine.trim() === '') {
      y -= 10;
      continue;
    }
    const heading = rawLine.startsWith('# ');
    const [font, size, leading] = heading ? ['/F2', 18, 26] : ['/F1', 11, 15];
    for (const line of heading ? [rawLine.slice(2)] : wrap(rawLine)) {
      operations.push(`${font} ${size} Tf 1 0 0 1 ${margin} ${y} Tm ${pdfString(line)} Tj`);
      y -= leading;
    }
  }
  operations.push('ET');
  return operations.join('\n');
}

/**
 * Writes a real, minimal PDF 1.4 file (standard Helvetica fonts, one content stream per
 * page, a cross-reference table) with one page per entry of `pages`, so tests exercise the
 * PDF loader on bytes a PDF reader accepts. Lines starting with `# ` are headings.
 *
 * @example
 * const bytes = buildPdf(['# Install\nRun the installer.', 'Page two text.'], { title: 'Guide' });
 */
export function buildPdf(pages: readonly string[], options: BuildPdfOptions = {}): Uint8Array {
  const objects: string[] = [];
  const add = (body: string) => {
    objects.push(body);
    return objects.length;
  };
  const catalog = add('');
  const pagesObject = add('');
  const regular = add(
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  );
  const bold = add(
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
  );
  const kids: number[] = [];
  for (const text of pages) {
    const stream = pageContent(text);
    const contents = add(
      `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
    );
    kids.push(
      add(
        `<< /Type /Page /Parent ${pagesObject} 0 R /MediaBox [0 0 ${pageWidth} ${pageHeight}] ` +
          `/Resources << /Font << /F1 ${regular} 0 R /F2 ${bold} 0 R >> >> /Contents ${contents} 0 R >>`,
      ),
    );
  }
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pagesObject} 0 R >>`;
  objects[pagesObject - 1] =
    `<< /Type /Pages /Kids [${kids.map((kid) => `${kid} 0 R`).join(' ')}] /Count ${kids.length} >>`;
  const info =
    options.title === undefined ? undefined : add(`<< /Title ${pdfString(options.title)} >>`);
  const hex = (byte: string) => `<${byte.repeat(32)}>`;
  const encrypt = options.encrypted
    ? add(`<< /Filter /Standard /V 1 /R 2 /O ${hex('5a')} /U ${hex('a5')} /P -4 >>`)
    : undefined;

  let file = '%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(Buffer.byteLength(file, 'latin1'));
    file += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(file, 'latin1');
  file += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) file += `${String(offset).padStart(10, '0')} 00000 n \n`;
  const trailer = [`/Size ${objects.length + 1}`, `/Root ${catalog} 0 R`];
  if (info !== undefined) trailer.push(`/Info ${info} 0 R`);
  if (encrypt !== undefined)
    trailer.push(`/Encrypt ${encrypt} 0 R`, `/ID [${hex('11')} ${hex('11')}]`);
  file += `trailer\n<< ${trailer.join(' ')} >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(file, 'latin1'));
}
