/**
 * The demo: organization `demo-org`, datastore `demo-docs` filled with the package's
 * documentation files (`demo-docs/`) and agent `demo` answering from it, seeded
 * idempotently by `seed-demo` and `service.seedDemo()`.
 */
export {
  DEMO_AGENT_ID,
  DEMO_DATASTORE_ID,
  DEMO_DOCS_DIR,
  type SeedDemoOptions,
  type SeedDemoResult,
  seedDemo,
} from './seed-demo.js';
