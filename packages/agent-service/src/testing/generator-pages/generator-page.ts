/** One section of a {@link GeneratorPage}: where it sits and a phrase of its text. */
export interface GeneratorSection {
  /** The headings above the section's text, below the page title (`[]` for the intro). */
  path: string[];
  /** The id a link to the section uses (`page#id`), or `undefined` when it has none. */
  id: string | undefined;
  /** Words of the section's own text, found in no other section. */
  phrase: string;
}

/**
 * A documentation page written the way one site generator writes it (hand-made in its
 * style: its navigation, sidebar, table of contents, heading permalinks and footer), and
 * what a reader of its main content must get from it.
 */
export interface GeneratorPage {
  /** The generator imitated, e.g. `Docusaurus`. */
  generator: string;
  /** The whole page. */
  html: string;
  /** The document's title as the loader should find it (the `<h1>`, without the site name). */
  title: string;
  /** The page's sections in document order. */
  sections: GeneratorSection[];
  /** Text of the chrome (navigation, sidebar, table of contents, footer, banners): none may be read. */
  chromePhrases: string[];
}
