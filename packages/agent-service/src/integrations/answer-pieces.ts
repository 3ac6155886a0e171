/**
 * An answer (Markdown with `[n]` citations) as the blocks a chat platform's message is
 * built from: fenced code blocks whole, the rest paragraph by paragraph. Platforms limit a
 * message's (or a block's) length, so an answer is packed into several at these
 * boundaries, never inside a code block (a code block too long on its own is cut
 * between lines, each part fenced again).
 */

/** One block of an answer. */
export type AnswerPiece =
  | { kind: 'code'; info: string; lines: string[] }
  | { kind: 'text'; text: string };

const FENCE = /^ {0,3}(`{3,}|~{3,})\s*([^`]*)$/;

/** The answer's blocks, in order: fenced code (an unclosed fence runs to the end) and paragraphs. */
export function answerPieces(answer: string): AnswerPiece[] {
  const pieces: AnswerPiece[] = [];
  let paragraph: string[] = [];
  const endParagraph = () => {
    const text = paragraph.join('\n').trim();
    if (text) pieces.push({ kind: 'text', text });
    paragraph = [];
  };
  let code: { fence: string; info: string; lines: string[] } | undefined;
  for (const line of answer.replace(/\r\n?/g, '\n').split('\n')) {
    if (code) {
      const close = FENCE.exec(line);
      if (
        close?.[1] &&
        close[1][0] === code.fence[0] &&
        close[1].length >= code.fence.length &&
        !close[2]
      ) {
        pieces.push({ kind: 'code', info: code.info, lines: code.lines });
        code = undefined;
      } else {
        code.lines.push(line);
      }
      continue;
    }
    const open = FENCE.exec(line);
    if (open?.[1]) {
      endParagraph();
      code = { fence: open[1], info: (open[2] ?? '').trim(), lines: [] };
    } else if (line.trim() === '') {
      endParagraph();
    } else {
      paragraph.push(line);
    }
  }
  endParagraph();
  if (code) pieces.push({ kind: 'code', info: code.info, lines: code.lines });
  return pieces;
}

/** How a platform writes a code block (Slack drops the language; Discord keeps it). */
export type CodeFence = (info: string, code: string) => string;

/** Cuts `text` into parts of at most `limit` characters, at a line, sentence or word end if it can. */
function cutText(text: string, limit: number): string[] {
  const parts: string[] = [];
  let rest = text;
  while (rest.length > limit) {
    const window = rest.slice(0, limit);
    const at = Math.max(
      window.lastIndexOf('\n'),
      window.lastIndexOf('. ') + 1,
      window.lastIndexOf(' '),
    );
    const end = at > limit / 2 ? at : limit;
    parts.push(rest.slice(0, end).trimEnd());
    rest = rest.slice(end).trimStart();
  }
  if (rest) parts.push(rest);
  return parts;
}

/** A code block too long for one message, as several fenced blocks cut between lines. */
function cutCode(
  piece: { info: string; lines: string[] },
  limit: number,
  fence: CodeFence,
): string[] {
  const overhead = fence(piece.info, '').length;
  const room = Math.max(1, limit - overhead);
  const parts: string[] = [];
  let lines: string[] = [];
  let length = 0;
  const flush = () => {
    if (lines.length > 0) parts.push(fence(piece.info, lines.join('\n')));
    lines = [];
    length = 0;
  };
  for (const line of piece.lines) {
    for (const part of line.length > room ? cutText(line, room) : [line]) {
      if (length + part.length + 1 > room) flush();
      lines.push(part);
      length += part.length + 1;
    }
  }
  flush();
  return parts;
}

/**
 * Packs rendered blocks into messages of at most `limit` characters, blocks joined by a
 * blank line: as many whole blocks per message as fit, a block longer than `limit` cut
 * on its own (text at a sentence or word end, code between lines and fenced again).
 */
export function packPieces(
  pieces: readonly AnswerPiece[],
  limit: number,
  render: { text(text: string): string; fence: CodeFence },
): string[] {
  const blocks = pieces.flatMap((piece) => {
    if (piece.kind === 'text') return cutText(render.text(piece.text), limit);
    const whole = render.fence(piece.info, piece.lines.join('\n'));
    return whole.length <= limit ? [whole] : cutCode(piece, limit, render.fence);
  });
  const messages: string[] = [];
  let current = '';
  for (const block of blocks) {
    if (!current) current = block;
    else if (current.length + 2 + block.length <= limit) current += `\n\n${block}`;
    else {
      messages.push(current);
      current = block;
    }
  }
  if (current) messages.push(current);
  return messages;
}
