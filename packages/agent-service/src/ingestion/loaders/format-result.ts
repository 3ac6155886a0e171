/**
 * What one format's loader (PDF, DOCX, …) makes of a document's bytes, before
 * `loadDocument` completes it into a `LoadedDocument` (falls back to a title, checks for
 * words, adds the format and its media type). Its own file so the loaders and
 * `loadDocument`, which calls them, share it without importing each other.
 */
export interface FormatResult {
  title: string | undefined;
  markdown: string;
  pages?: { pageNumber: number; markdown: string }[];
  totalPages?: number;
  /** HTML read with a `url` and `onLinks`: the page's links. */
  links?: string[];
}
