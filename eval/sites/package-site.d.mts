/** Types of `package-site.mjs` (see its header for what it does). */

/** An element as `scanElements` reads it: offsets into the page's HTML. */
export interface ScannedElement {
  tag: string;
  attributes: Record<string, string>;
  parent: ScannedElement | null;
  children: ScannedElement[];
  start: number;
  openEnd: number;
  closeStart: number;
  end: number;
}

/** A section: a heading's (level 1-6) or any other id's (level 0), its text and the ids inside it. */
export interface PageSection {
  id: string;
  level: number;
  title: string;
  text: string;
  ids: string[];
}

export interface ParsedPage {
  title: string;
  text: string;
  headings: { id: string | null; level: number; text: string }[];
  sections: PageSection[];
  ids: string[];
  sectionFor(id: string): PageSection | undefined;
}

export interface SitePage extends ParsedPage {
  path: string;
  file: string;
}

export interface ServedPackageSite {
  origin: string;
  pages: { path: string; url: string; title: string }[];
  close(): Promise<void>;
}

export interface BoilerplateMarker {
  where: string;
  text: string;
}

export interface PackageSiteOptions {
  debianPackage: string;
  htmlDir: string;
  isContent?: (element: ScannedElement) => boolean;
  boilerplate?: BoilerplateMarker[];
}

export interface PackageSite {
  startSite(options?: { port?: number; host?: string }): Promise<ServedPackageSite>;
  buildSite(): { pages: SitePage[] };
  sectionIds(page: string, heading: string): string[];
  files(): { all: string[]; pages: { file: string; path: string }[] };
  BOILERPLATE_MARKERS: BoilerplateMarker[];
}

export declare const SKIPPED_PAGE: RegExp;
export declare function decodeEntities(text: string): string;
export declare function htmlToText(html: string): string;
export declare function normText(text: string | null | undefined): string;
export declare function pagePath(file: string): string;
export declare function comparablePath(pagePathOrUrl: string): string;
export declare function isDocumentationPage(file: string): boolean;
export declare function listFiles(dir: string): string[];
export declare class PackageSiteError extends Error {}
export declare function ensurePackage(
  debianPackage: string,
  htmlDir: string,
  options?: { log?: (line: string) => void },
): void;
export declare function scanElements(html: string): ScannedElement[];
export declare function sphinxContent(element: ScannedElement): boolean;
export declare function docbookContent(element: ScannedElement): boolean;
export declare function parsePage(
  html: string,
  options?: { isContent?: (element: ScannedElement) => boolean },
): ParsedPage;
export declare function packageSite(options: PackageSiteOptions): PackageSite;
export declare function createHandler(options: {
  htmlDir: string;
  files: { all: string[]; pages: { file: string; path: string }[] };
}): (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => void;
export declare function runSiteCli(
  moduleUrl: string,
  startSite: PackageSite['startSite'],
): Promise<void>;
