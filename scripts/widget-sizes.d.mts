/** Types of `widget-sizes.mjs`. */
export declare const widgetBudgets: { loader: number; firstPaint: number; total: number };
export interface WidgetFileSize {
  file: string;
  raw: number;
  gzip: number;
  /** Loaded by the panel's first paint (the loader, the panel chunk and its static imports). */
  firstPaint: boolean;
  /** A locale chunk: loaded alongside the panel by pages in its language. */
  locale: boolean;
}
export declare function measureWidget(distDir: string): {
  files: WidgetFileSize[];
  loader: number;
  panelFound: boolean;
  /** How many locale chunks the loader names; whether every one of them was found. */
  localeCount: number;
  localesFound: boolean;
  /** The largest locale chunk (the one counted in `firstPaint` and `total`). */
  largestLocale: string | undefined;
  /** The first paint of a page in English: loader, panel chunk and its static imports. */
  firstPaintEnglish: number;
  /** The budgeted first paint: `firstPaintEnglish` plus the largest locale chunk. */
  firstPaint: number;
  /** Every file but the locale chunks, plus the largest of them. */
  total: number;
};
