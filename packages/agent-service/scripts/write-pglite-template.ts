// `npm run pglite-template`: makes the PGlite template cluster again with the installed
// PGlite (pglite-template/, see src/store/pglite-template.ts). Run it after a PGlite
// upgrade and commit the result; it needs about 900 MB of memory for a few seconds.
import { PGLITE_TEMPLATE_DIR, writePgliteTemplate } from '../src/store/pglite-template.js';

const record = await writePgliteTemplate();
console.log(
  `agent-chat: wrote the PGlite template to ${PGLITE_TEMPLATE_DIR} ` +
    `(PGlite ${record.pglite}, Postgres ${record.postgres}, catalog ${record.catalogVersion}).`,
);
