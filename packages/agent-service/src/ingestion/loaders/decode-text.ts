import { DocumentLoadError } from './document-load-error.js';

function charsetOf(mimeType: string | undefined): string | undefined {
  return /;\s*charset\s*=\s*"?([\w.:-]+)/i.exec(mimeType ?? '')?.[1]?.toLowerCase();
}

// <meta charset="…"> or <meta http-equiv content="…; charset=…"> in the first 1 KiB, as
// browsers look for it.
function htmlMetaCharset(bytes: Uint8Array): string | undefined {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, 1024));
  return /<meta[^>]{0,200}?charset\s*=\s*["']?([\w.:-]{1,40})/i
    .exec(head.toString('latin1'))?.[1]
    ?.toLowerCase();
}

// Windows-1252's characters for bytes 0x80–0x9F (Node's decoder treats the label as
// ISO-8859-1 and leaves them as C1 controls); undefined positions stay as they are.
const cp1252High =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

function decodeWindows1252(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length)
    .toString('latin1')
    .replace(/[\u0080-\u009f]/g, (character) => cp1252High.charAt(character.charCodeAt(0) - 0x80));
}

function decoderFor(label: string | undefined): InstanceType<typeof TextDecoder> | undefined {
  if (!label) return undefined;
  try {
    return new TextDecoder(label);
  } catch {
    return undefined;
  }
}

/**
 * Decodes a text document: a byte-order mark decides first (UTF-8, UTF-16), then the
 * `charset` of the media type, then (HTML) a `<meta charset>`, then UTF-8 — or
 * Windows-1252 when the bytes are not valid UTF-8. Line ends become `\n`; NUL and other
 * control characters (but tabs) are dropped. Throws `CORRUPT_DOCUMENT` for binary data.
 */
export function decodeText(
  bytes: Uint8Array,
  options: { mimeType?: string | undefined; html?: boolean; what: string },
): string {
  let text: string;
  if (bytes[0] === 0xff && bytes[1] === 0xfe) text = new TextDecoder('utf-16le').decode(bytes);
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) text = new TextDecoder('utf-16be').decode(bytes);
  else {
    const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, 8192));
    if (head.includes(0)) {
      throw new DocumentLoadError(
        'CORRUPT_DOCUMENT',
        `The ${options.what} holds binary data, not text: check the file's type.`,
      );
    }
    const declared =
      decoderFor(charsetOf(options.mimeType)) ??
      (options.html ? decoderFor(htmlMetaCharset(bytes)) : undefined);
    if (declared && /^(windows-1252|iso-8859-1|latin1|us-ascii|ascii)$/.test(declared.encoding)) {
      text = decodeWindows1252(bytes); // as browsers do: these labels all mean Windows-1252
    } else if (declared) text = declared.decode(bytes);
    else {
      try {
        text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
      } catch {
        text = decodeWindows1252(bytes);
      }
    }
  }
  return text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '');
}

/** Whether `text` has anything to index (a letter or a digit). */
export function hasWords(text: string): boolean {
  return /[\p{L}\p{N}]/u.test(text);
}
