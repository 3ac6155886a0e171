/**
 * Documentation pages written the way the common site generators write them, each with
 * the sections and chrome a reader must find: for tests of HTML loading and chunking.
 */
import { asciidoctorPage } from './asciidoctor-page.js';
import { docBookPage } from './docbook-page.js';
import { docusaurusPage } from './docusaurus-page.js';
import type { GeneratorPage } from './generator-page.js';
import { mkdocsMaterialPage } from './mkdocs-material-page.js';
import { nextraPage } from './nextra-page.js';
import { plainPage } from './plain-page.js';
import { sphinxApiReferenceHtml } from './sphinx-api-reference.js';
import {
  headerlink,
  sphinxCustomThemeHtml,
  sphinxCustomThemePage,
} from './sphinx-custom-theme-page.js';
import { sphinxPage, sphinxPageWithoutPermalinks } from './sphinx-page.js';
import { starlightPage } from './starlight-page.js';
import { vitepressPage } from './vitepress-page.js';

export type { GeneratorPage, GeneratorSection } from './generator-page.js';
export { docusaurusPage, headerlink, sphinxApiReferenceHtml, sphinxCustomThemeHtml };

/**
 * One page per generator: Docusaurus, VitePress, MkDocs Material, Sphinx (with and without
 * permalinks), Nextra, Starlight, DocBook, Asciidoctor and plain HTML.
 */
export const GENERATOR_PAGES: readonly GeneratorPage[] = [
  docusaurusPage,
  vitepressPage,
  mkdocsMaterialPage,
  sphinxPage,
  sphinxPageWithoutPermalinks,
  sphinxCustomThemePage,
  nextraPage,
  starlightPage,
  docBookPage,
  asciidoctorPage,
  plainPage,
];
