import { loadHtml } from '../ingestion/loaders/html-loader.js';

/**
 * The Markdown the HTML loader writes for `body` placed in a page's `<main>` after an
 * `<h1>Guide</h1>`, without that heading: what a test of one construct compares.
 *
 * @example
 * markdownInMain('<p>Hi.</p>'); // 'Hi.'
 */
export function markdownInMain(body: string): string {
  return loadHtml(`<main><h1>Guide</h1>${body}</main>`).markdown.replace(/^# Guide\n\n/, '');
}
