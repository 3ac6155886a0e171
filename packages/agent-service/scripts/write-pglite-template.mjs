// Build step (after tsc): writes dist/pglite-template, the initialised cluster that new
// PGlite data directories are copied from (see src/store/pglite-template.ts).
import { writePgliteTemplate } from '../dist/store/pglite-template.js';

await writePgliteTemplate();
