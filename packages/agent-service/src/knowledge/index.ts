/**
 * Knowledge: what agents answer from, as records. A datastore (an organization's
 * collection, `qdrant` in the hosted API's words) holds datasources (documents, pages,
 * sites); these are their reads, writes and deletes, each scoped to the organization. The
 * content itself is read and chunked by `ingestion/`, indexed by `lexical-index/` (and
 * `embeddings/`), and searched by `retrieval/`.
 */
export { deleteDatasource, getDatasource, listDatasources } from './datasources.js';
export {
  createDatastore,
  deleteDatastore,
  getDatastore,
  listDatastores,
  updateDatastore,
} from './datastores.js';
