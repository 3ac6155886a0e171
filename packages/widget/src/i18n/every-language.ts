/**
 * Every built-in language at once, for code that imports the package (`STRINGS`,
 * `resolveStrings`). Apart from `index.ts`, which the widget's chunks import: the build
 * gives each language but English a chunk of its own, and a table of them all in the
 * panel's import graph would pull every one of them into the panel.
 */
export { resolveStrings } from './resolve-strings.js';
export { STRINGS } from './strings.js';
