/**
 * Loaders: the bytes of one document (a file or a fetched page) → clean, structured
 * Markdown with a title (and, for a PDF, its pages). Pure and I/O-free: the ingestion
 * jobs fetch or receive the bytes and call {@link loadDocument}, then chunk the result.
 *
 * @example
 * const format = detectFormat({ fileName, mimeType, bytes }); // undefined → 415
 * const document = await loadDocument({ bytes, fileName, mimeType });
 */
export { decodeText } from './decode-text.js';
export {
  type DocumentFormat,
  detectFormat,
  FORMAT_MIME_TYPES,
  SUPPORTED_FORMATS,
  type SupportedFormat,
} from './document-format.js';
export {
  DocumentLoadError,
  type DocumentLoadErrorCode,
  isDocumentLoadError,
} from './document-load-error.js';
export { type LoadedDocument, type LoadInput, loadDocument } from './load-document.js';
