/** Types of `widget-sizes.mjs`. */
export declare const widgetBudgets: { loader: number; firstPaint: number; total: number };
export interface WidgetFileSize {
  file: string;
  raw: number;
  gzip: number;
  /** Loaded by the panel's first paint (the loader, the panel chunk and its static imports). */
  firstPaint: boolean;
}
export declare function measureWidget(distDir: string): {
  files: WidgetFileSize[];
  loader: number;
  panelFound: boolean;
  firstPaint: number;
  total: number;
};
