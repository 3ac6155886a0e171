/**
 * Loaders: the bytes of one document (a file or a fetched page) → clean, structured
 * Markdown with a title (and, for a PDF, its pages). Pure and I/O-free: the ingestion
 * jobs fetch or receive the bytes and call {@link loadDocument}, then chunk the result.
 *
 * @example
 * const format = detectFormat({ fileName, mimeType, bytes }); // undefined → 415
 * const document = await loadDocument({ bytes, fileName, mimeType });
 */
export { detectFormat, SUPPORTED_FORMATS } from './document-format.js';
export { startsWithWords } from './html-title.js';
export { type LoadedDocument, loadDocument } from './load-document.js';
