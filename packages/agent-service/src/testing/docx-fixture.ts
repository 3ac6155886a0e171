import { strToU8, zipSync } from 'fflate';

/** One block of a {@link buildDocx} document. */
export type DocxBlock =
  | { heading: string; level?: 1 | 2 | 3 }
  | { paragraph: string }
  | { bullets: string[] }
  | { numbered: string[] }
  | { table: string[][] };

/** Options of {@link buildDocx}. */
export interface BuildDocxOptions {
  /** The document's title in its properties (`docProps/core.xml`, `dc:title`). */
  title?: string;
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"]/g, (character) => `&#${character.charCodeAt(0)};`);
}

const namespaces =
  'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" ' +
  'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';

function paragraph(text: string, properties = ''): string {
  const pPr = properties ? `<w:pPr>${properties}</w:pPr>` : '';
  return `<w:p>${pPr}<w:r><w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r></w:p>`;
}

function listItems(items: readonly string[], numId: number): string {
  const properties = `<w:pStyle w:val="ListParagraph"/><w:numPr><w:ilvl w:val="0"/><w:numId w:val="${numId}"/></w:numPr>`;
  return items.map((item) => paragraph(item, properties)).join('');
}

function table(rows: readonly string[][]): string {
  const body = rows
    .map((row) => `<w:tr>${row.map((cell) => `<w:tc>${paragraph(cell)}</w:tc>`).join('')}</w:tr>`)
    .join('');
  return `<w:tbl><w:tblPr><w:tblStyle w:val="TableGrid"/></w:tblPr>${body}</w:tbl>`;
}

function block(content: DocxBlock): string {
  if ('heading' in content) {
    return paragraph(content.heading, `<w:pStyle w:val="Heading${content.level ?? 1}"/>`);
  }
  if ('paragraph' in content) return paragraph(content.paragraph);
  if ('bullets' in content) return listItems(content.bullets, 1);
  if ('numbered' in content) return listItems(content.numbered, 2);
  return table(content.table);
}

const headingStyles = [1, 2, 3]
  .map(
    (level) =>
      `<w:style w:type="paragraph" w:styleId="Heading${level}"><w:name w:val="heading ${level}"/>` +
      `<w:basedOn w:val="Normal"/><w:pPr><w:outlineLvl w:val="${level - 1}"/></w:pPr></w:style>`,
  )
  .join('');

function abstractList(id: number, format: 'bullet' | 'decimal'): string {
  const text = format === 'bullet' ? '\u2022' : '%1.';
  return (
    `<w:abstractNum w:abstractNumId="${id}"><w:lvl w:ilvl="0"><w:start w:val="1"/>` +
    `<w:numFmt w:val="${format}"/><w:lvlText w:val="${text}"/></w:lvl></w:abstractNum>`
  );
}

/**
 * Writes a real, minimal Word document (.docx: the OOXML parts Word itself writes for
 * headings with the built-in "heading N" styles, bulleted and numbered lists backed by a
 * numbering part, tables, and the title in the core properties), zipped with fflate, so
 * tests exercise the DOCX loader on a file Word and LibreOffice open.
 *
 * @example
 * const bytes = buildDocx([{ heading: 'Setup' }, { paragraph: 'Run it.' }, { bullets: ['a', 'b'] }], { title: 'Guide' });
 */
export function buildDocx(
  blocks: readonly DocxBlock[],
  options: BuildDocxOptions = {},
): Uint8Array {
  const document =
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:document ${namespaces}><w:body>` +
    `${blocks.map(block).join('')}<w:sectPr/></w:body></w:document>`;
  const styles =
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:styles ${namespaces}>` +
    '<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/></w:style>' +
    `${headingStyles}<w:style w:type="paragraph" w:styleId="ListParagraph"><w:name w:val="List Paragraph"/></w:style>` +
    '<w:style w:type="table" w:styleId="TableGrid"><w:name w:val="Table Grid"/></w:style></w:styles>';
  const numbering =
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:numbering ${namespaces}>` +
    `${abstractList(0, 'bullet')}${abstractList(1, 'decimal')}` +
    '<w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num><w:num w:numId="2"><w:abstractNumId w:val="1"/></w:num></w:numbering>';
  const core =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<cp:coreProperties ' +
    'xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" ' +
    'xmlns:dc="http://purl.org/dc/elements/1.1/">' +
    `${options.title === undefined ? '' : `<dc:title>${escapeXml(options.title)}</dc:title>`}</cp:coreProperties>`;
  const contentTypes =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
    '<Default Extension="xml" ContentType="application/xml"/>' +
    '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
    '<Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/>' +
    '<Override PartName="/word/numbering.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.numbering+xml"/>' +
    '<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/></Types>';
  const relationship = (id: string, type: string, target: string) =>
    `<Relationship Id="${id}" Type="${type}" Target="${target}"/>`;
  const officeDocument = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  const rootRels =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
    relationship('rId1', `${officeDocument}/officeDocument`, 'word/document.xml') +
    relationship(
      'rId2',
      'http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties',
      'docProps/core.xml',
    ) +
    '</Relationships>';
  const documentRels =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
    relationship('rId1', `${officeDocument}/styles`, 'styles.xml') +
    relationship('rId2', `${officeDocument}/numbering`, 'numbering.xml') +
    '</Relationships>';
  return zipSync({
    '[Content_Types].xml': strToU8(contentTypes),
    '_rels/.rels': strToU8(rootRels),
    'docProps/core.xml': strToU8(core),
    'word/document.xml': strToU8(document),
    'word/styles.xml': strToU8(styles),
    'word/numbering.xml': strToU8(numbering),
    'word/_rels/document.xml.rels': strToU8(documentRels),
  });
}

/**
 * The first bytes of a password-protected Word document: Office encrypts a .docx into an
 * OLE compound file (signature D0 CF 11 E0 A1 B1 1A E1) instead of a zip. Enough for the
 * loader, which recognises the container.
 */
export function buildEncryptedDocx(): Uint8Array {
  const bytes = new Uint8Array(1536);
  bytes.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
  bytes.set(strToU8('EncryptionInfo EncryptedPackage'), 512);
  return bytes;
}
