/** The CommonMark spec's examples (npm `commonmark-spec`), used by the conformance test. */
declare module 'commonmark-spec' {
  export interface SpecExample {
    /** Markdown input; `→` stands for a tab. */
    markdown: string;
    /** Expected HTML; `→` stands for a tab. */
    html: string;
    section: string;
    number: number;
  }
  const spec: { text: string; tests: SpecExample[] };
  export default spec;
}
