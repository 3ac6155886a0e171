import type {
  Datasource,
  DatasourceCreateBody,
  Datastore,
  DatastoreCreateBody,
} from '@agent-chat/protocol';
import type { ApiClient } from './api-client.js';
import { type FileUpload, uploadFile } from './file-upload.js';

/** The ingestion API as the Knowledge page calls it (through the BFF's admin relay). */
export interface KnowledgeApi {
  listDatastores(): Promise<Datastore[]>;
  createDatastore(body: DatastoreCreateBody): Promise<Datastore>;
  listDatasources(datastoreId: string): Promise<Datasource[]>;
  getDatasource(id: string): Promise<Datasource>;
  /** Creates a text, Q&A, web page or web site datasource (`pending`; ingested by workers). */
  createDatasource(body: DatasourceCreateBody): Promise<Datasource>;
  /** Uploads a file as a new datasource, reporting the bytes sent. */
  upload(
    datastoreId: string,
    file: File,
    onProgress: (loaded: number, total: number) => void,
  ): FileUpload;
  /** Queues the datasource's ingestion again. */
  synch(id: string): Promise<Datasource>;
  /** Sets a web source's sync schedule (`PATCH`; minutes, or null for manual). */
  setSchedule(id: string, minutes: number | null): Promise<Datasource>;
  remove(id: string): Promise<Datasource>;
}

const path = (id: string) => encodeURIComponent(id);

/** Creates the Knowledge page's API over the console's client; `baseUrl` is the BFF mount. */
export function createKnowledgeApi(api: ApiClient, baseUrl: string): KnowledgeApi {
  return {
    listDatastores: () => api.request('GET', 'api/datastores'),
    createDatastore: (body) => api.request('POST', 'api/datastores', body),
    listDatasources: (datastoreId) =>
      api.request('GET', `api/datastores/${path(datastoreId)}/datasources`),
    getDatasource: (id) => api.request('GET', `api/datasources/${path(id)}`),
    createDatasource: (body) => api.request('POST', 'api/datasources', body),
    upload(datastoreId, file, onProgress) {
      const upload = uploadFile({
        url: new URL('api/datasources', baseUrl).href,
        headers: api.authHeaders(),
        datastoreId,
        file,
        onProgress,
      });
      upload.done.catch((failure: unknown) => {
        if ((failure as { status?: unknown }).status === 401) api.unauthorized();
      });
      return upload;
    },
    synch: (id) => api.request('POST', `api/datasources/${path(id)}/synch`, {}),
    setSchedule: (id, minutes) =>
      api.request('PATCH', `api/datasources/${path(id)}`, {
        config: { sync_interval_minutes: minutes },
      }),
    remove: (id) => api.request('DELETE', `api/datasources/${path(id)}`, {}),
  };
}
