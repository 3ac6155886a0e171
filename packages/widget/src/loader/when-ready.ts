/** Running a widget's start-up once the page's document is parsed. */

/** Runs `run` at `DOMContentLoaded`, or at once when the document is already parsed. */
export function whenReady(document: Document, run: () => void): void {
  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', run, { once: true });
  } else run();
}
