/** Types of `wink-porter2-stemmer` (it ships none): Porter2, as Postgres's `english` stems. */
declare module 'wink-porter2-stemmer' {
  /** Stems one lower-case English word with the Porter2 (Snowball English) algorithm. */
  export default function stem(word: string): string;
}
