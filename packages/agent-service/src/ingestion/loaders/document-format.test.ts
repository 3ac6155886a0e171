import { describe, expect, it } from 'vitest';
import { detectFormat, SUPPORTED_FORMATS } from './document-format.js';

const bytes = (text: string) => new TextEncoder().encode(text);
const none = new Uint8Array();

describe('detectFormat', () => {
  it('reads every listed extension and media type as its format', () => {
    for (const entry of SUPPORTED_FORMATS) {
      for (const extension of entry.extensions) {
        expect(detectFormat({ fileName: `file${extension.toUpperCase()}`, bytes: none })).toBe(
          entry.format,
        );
      }
      for (const mimeType of entry.mimeTypes) {
        expect(detectFormat({ mimeType: `${mimeType}; charset=utf-8`, bytes: none })).toBe(
          entry.format,
        );
      }
    }
  });

  it('lets a specific media type win, and a generic one defer to the extension', () => {
    expect(detectFormat({ fileName: 'page.txt', mimeType: 'text/html', bytes: none })).toBe('html');
    expect(detectFormat({ fileName: 'guide.md', mimeType: 'text/plain', bytes: none })).toBe(
      'markdown',
    );
    expect(
      detectFormat({ fileName: 'a.pdf', mimeType: 'application/octet-stream', bytes: none }),
    ).toBe('pdf');
    expect(detectFormat({ fileName: 'notes.log', mimeType: 'text/plain', bytes: none })).toBe(
      'text',
    );
  });

  it('rejects unknown extensions and explicit unsupported media types', () => {
    expect(detectFormat({ fileName: 'photo.png', bytes: bytes('text') })).toBeUndefined();
    expect(detectFormat({ fileName: 'data.csv', bytes: bytes('a,b') })).toBeUndefined();
    expect(detectFormat({ mimeType: 'image/png', bytes: bytes('x') })).toBeUndefined();
    expect(detectFormat({ mimeType: 'application/json', bytes: bytes('{}') })).toBeUndefined();
  });

  it('sniffs the bytes when nothing names the type', () => {
    expect(detectFormat({ bytes: bytes('%PDF-1.7\n...') })).toBe('pdf');
    expect(detectFormat({ bytes: bytes('\uFEFF  <!DOCTYPE html><html><p>x') })).toBe('html');
    expect(detectFormat({ bytes: bytes('<!-- c --><html lang="en">') })).toBe('html');
    expect(detectFormat({ fileName: 'README', bytes: bytes('Just words.') })).toBe('text');
    expect(detectFormat({ bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 1]) })).toBe(
      undefined,
    );
    const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...bytes('....word/document.xml')]);
    expect(detectFormat({ bytes: zip })).toBe('docx');
    expect(detectFormat({ bytes: new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2]) })).toBe(undefined);
  });
});
