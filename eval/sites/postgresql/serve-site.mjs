#!/usr/bin/env node
// The PostgreSQL 15 manual (DocBook XSL HTML, ~1,170 pages) from the Debian package
// postgresql-doc-15, served unchanged with its own navigation header and footer (see
// ../package-site.mjs). `node serve-site.mjs [--port N]` serves until killed.
import { docbookContent, packageSite, runSiteCli } from '../package-site.mjs';

export { htmlToText, normText } from '../package-site.mjs';

export const { startSite, buildSite, sectionIds, BOILERPLATE_MARKERS } = packageSite({
  debianPackage: 'postgresql-doc-15',
  htmlDir: '/usr/share/doc/postgresql-doc-15/html',
  isContent: docbookContent,
  // Every page's navigation header and footer (DocBook XSL's), as their text reads in a row.
  boilerplate: [
    { where: 'navigation header', text: 'Prev Up' },
    { where: 'navigation header', text: 'Home Next' },
  ],
});

await runSiteCli(import.meta.url, startSite);
