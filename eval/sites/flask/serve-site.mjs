#!/usr/bin/env node
// The Flask 2.2 documentation (Sphinx 5, Pallets theme, 73 pages) from the Debian package
// python-flask-doc, served unchanged with its own navigation bars and sidebar (see
// ../package-site.mjs). `node serve-site.mjs [--port N]` serves until killed.
import { packageSite, runSiteCli } from '../package-site.mjs';

export { htmlToText, normText } from '../package-site.mjs';

export const { startSite, buildSite, sectionIds, BOILERPLATE_MARKERS } = packageSite({
  debianPackage: 'python-flask-doc',
  htmlDir: '/usr/share/doc/python-flask-doc/html',
  // The Pallets theme's related-links bars (top and bottom) and its sidebar, on every page.
  boilerplate: [
    { where: 'navigation bar', text: 'Flask Documentation (2.2.x)' },
    { where: 'sidebar', text: 'Quick search' },
    { where: 'footer', text: 'Created using Sphinx' },
  ],
});

await runSiteCli(import.meta.url, startSite);
