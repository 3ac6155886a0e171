#!/usr/bin/env node
// The SQLAlchemy 1.4 documentation (Sphinx, SQLAlchemy's own theme, 164 pages, many of them long
// reference pages) from the Debian package python-sqlalchemy-doc, served unchanged with its own
// header, sidebar and footer (see ../package-site.mjs). `node serve-site.mjs [--port N]` serves
// until killed.
import { packageSite, runSiteCli } from '../package-site.mjs';

export { htmlToText, normText } from '../package-site.mjs';

export const { startSite, buildSite, sectionIds, BOILERPLATE_MARKERS } = packageSite({
  debianPackage: 'python-sqlalchemy-doc',
  htmlDir: '/usr/share/doc/python-sqlalchemy-doc/html',
  // The theme's header (release line, search box), its navigation sidebar and its footer.
  boilerplate: [
    { where: 'header', text: 'Release: 1.4.46 | Release Date: January 3, 2023' },
    { where: 'sidebar', text: 'Search terms:' },
    { where: 'footer', text: 'flambé! the dragon and The Alchemist image designs' },
  ],
});

await runSiteCli(import.meta.url, startSite);
