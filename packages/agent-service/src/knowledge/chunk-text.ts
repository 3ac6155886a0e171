/** A piece of a document, indexed and retrieved on its own. */
interface TextChunk {
  /** 0-based order inside the document. */
  position: number;
  /** Document title and the heading the chunk sits under, e.g. `Guide › Install`. */
  title: string;
  /** The chunk's text (whole paragraphs, code blocks kept intact where they fit). */
  content: string;
}

/** Options of {@link chunkText}. */
interface ChunkTextOptions {
  /** Target largest chunk, in characters. Default 1 200. */
  maxChars?: number;
}

const headingPattern = /^(#{1,6})\s+(.+?)\s*#*\s*$/;
const fencePattern = /^\s*(```|~~~)/;

/**
 * Splits text into blocks separated by blank lines, keeping fenced code blocks whole and
 * headings as their own blocks.
 */
export function splitBlocks(text: string): string[] {
  const blocks: string[] = [];
  let current: string[] = [];
  let inFence = false;
  const flush = () => {
    const block = current.join('\n').trim();
    if (block) blocks.push(block);
    current = [];
  };
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    if (fencePattern.test(line)) {
      if (!inFence) flush();
      current.push(line);
      if (inFence) flush();
      inFence = !inFence;
      continue;
    }
    if (inFence) {
      current.push(line);
      continue;
    }
    if (headingPattern.test(line)) {
      flush();
      blocks.push(line.trim());
      continue;
    }
    if (line.trim() === '') flush();
    else current.push(line);
  }
  flush();
  return blocks;
}

/** The text of a markdown heading block, or `undefined` when the block is not one. */
function headingText(block: string): { level: number; text: string } | undefined {
  if (block.includes('\n')) return undefined;
  const match = headingPattern.exec(block);
  return match?.[1] && match[2] ? { level: match[1].length, text: match[2] } : undefined;
}

function splitLong(block: string, maxChars: number): string[] {
  if (block.length <= maxChars) return [block];
  const pieces: string[] = [];
  let rest = block;
  while (rest.length > maxChars) {
    const window = rest.slice(0, maxChars);
    // Prefer to cut after a sentence, then at a line break, then at a space.
    const floor = maxChars / 4;
    const sentenceEnd = window.lastIndexOf('. ') + 1;
    const lineBreak = window.lastIndexOf('\n');
    const space = window.lastIndexOf(' ');
    const at =
      sentenceEnd > floor
        ? sentenceEnd
        : lineBreak > floor
          ? lineBreak
          : space > floor
            ? space
            : maxChars;
    pieces.push(rest.slice(0, at).trim());
    rest = rest.slice(at).trimStart();
  }
  if (rest.trim()) pieces.push(rest.trim());
  return pieces.filter(Boolean);
}

/**
 * Splits a (markdown or plain text) document into chunks of whole paragraphs under their
 * headings, each titled with the document title and the nearest heading, so a search
 * for a section's topic finds the section.
 */
export function chunkText(
  text: string,
  documentName: string,
  options: ChunkTextOptions = {},
): TextChunk[] {
  const maxChars = options.maxChars ?? 1_200;
  const blocks = splitBlocks(text);
  const firstHeading = blocks[0] ? headingText(blocks[0]) : undefined;
  const documentTitle = firstHeading?.level === 1 ? firstHeading.text : documentName;
  const chunks: TextChunk[] = [];
  let heading = '';
  let pending: string[] = [];
  let pendingLength = 0;
  const flush = () => {
    if (pending.length === 0) return;
    chunks.push({
      position: chunks.length,
      title: heading && heading !== documentTitle ? `${documentTitle} › ${heading}` : documentTitle,
      content: pending.join('\n\n'),
    });
    pending = [];
    pendingLength = 0;
  };
  for (const block of blocks) {
    const headingBlock = headingText(block);
    if (headingBlock) {
      flush();
      heading = headingBlock.text;
      continue;
    }
    for (const piece of splitLong(block, maxChars)) {
      if (pendingLength > 0 && pendingLength + piece.length + 2 > maxChars) flush();
      pending.push(piece);
      pendingLength += piece.length + 2;
    }
  }
  flush();
  return chunks;
}
