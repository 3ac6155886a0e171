/**
 * Between the parts of a chunk's title: `Page › Heading › Subheading`. The chunker writes
 * titles with it (the heading path of the chunk's section) and the index weighs them above
 * the text; retrieval reads a section's place in its page back from it.
 */
export const TITLE_SEPARATOR = ' › ';
