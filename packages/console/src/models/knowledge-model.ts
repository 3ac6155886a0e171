import {
  type Datasource,
  type DatasourceCreateBody,
  type Datastore,
  isDatasourceSettled,
} from '@agent-chat/protocol';
import { computed, type ReadonlySignal, signal } from '@preact/signals';
import { type ApiClient, ConsoleApiError } from './api-client.js';
import { createDatasourcePoller } from './datasource-poller.js';
import { createKnowledgeApi, type KnowledgeApi } from './knowledge-api.js';
import { createKnowledgeSearchModel, type KnowledgeSearchModel } from './knowledge-search-model.js';
import { createPagedList, type PagedList } from './paged-list.js';
import { runAction } from './run-action.js';
import { messageOf } from './session-model.js';
import { createUploadsModel, type UploadsModel } from './uploads-model.js';

/** Datasources shown per page (the list is held whole; thousands page instantly). */
export const DATASOURCES_PER_PAGE = 25;

/** A datasource to add, as the add forms build it (the datastore is the selected one). */
export type DatasourceDraft = Omit<DatasourceCreateBody, 'datastoreId'>;

/** The Knowledge page's state: datastores, the selected one's datasources, and each action. */
export interface KnowledgeModel {
  api: KnowledgeApi;
  datastores: ReadonlySignal<readonly Datastore[]>;
  datastoresLoading: ReadonlySignal<boolean>;
  datastoresError: ReadonlySignal<string | undefined>;
  selectedId: ReadonlySignal<string | undefined>;
  selected: ReadonlySignal<Datastore | undefined>;
  creatingDatastore: ReadonlySignal<boolean>;
  createDatastoreError: ReadonlySignal<string | undefined>;
  /** The selected datastore's datasources, newest first. */
  datasources: PagedList<Datasource>;
  datasourcesLoading: ReadonlySignal<boolean>;
  datasourcesError: ReadonlySignal<string | undefined>;
  /** Whether a datasource is being added (the add form's submit is disabled meanwhile). */
  adding: ReadonlySignal<boolean>;
  addError: ReadonlySignal<string | undefined>;
  uploads: UploadsModel;
  /** The search box: what retrieval finds in the selected datastore. */
  search: KnowledgeSearchModel;
  /** Ids of the datasources whose re-sync was asked and not yet answered. */
  synching: ReadonlySignal<ReadonlySet<string>>;
  /** An action's failure on one datasource, shown in its row. */
  rowErrors: ReadonlySignal<Readonly<Record<string, string>>>;
  confirmingDelete: ReadonlySignal<Datasource | undefined>;
  deleting: ReadonlySignal<boolean>;
  deleteError: ReadonlySignal<string | undefined>;
  /** Loads the datastores and selects the first (or the one selected before). */
  load(): Promise<void>;
  select(datastoreId: string): Promise<void>;
  /** Creates a datastore and selects it; ignored while one is being created. */
  createDatastore(name: string, description: string): Promise<boolean>;
  /** Adds a datasource to the selected datastore; ignored while one is being added. */
  add(draft: DatasourceDraft): Promise<boolean>;
  /** Uploads files into the selected datastore. */
  addFiles(files: readonly File[]): void;
  synch(datasource: Datasource): Promise<void>;
  /** Ids of the datasources whose new schedule was sent and not yet answered. */
  scheduling: ReadonlySignal<ReadonlySet<string>>;
  /** Sets a web source's sync schedule (minutes, or null: manual); a failure shows in its row. */
  setSchedule(datasource: Datasource, minutes: number | null): Promise<void>;
  askDelete(datasource: Datasource | undefined): void;
  confirmDelete(): Promise<void>;
  /** Stops polling (the page was left). */
  dispose(): void;
}

/** Creates the Knowledge page's model over the console's API client. */
export function createKnowledgeModel(client: ApiClient, baseUrl: string): KnowledgeModel {
  const api = createKnowledgeApi(client, baseUrl);
  const datastores = signal<readonly Datastore[]>([]);
  const datastoresLoading = signal(false);
  const datastoresError = signal<string | undefined>(undefined);
  const selectedId = signal<string | undefined>(undefined);
  const selected = computed(() => datastores.value.find((item) => item.id === selectedId.value));
  const creatingDatastore = signal(false);
  const createDatastoreError = signal<string | undefined>(undefined);
  const datasources = createPagedList<Datasource>(DATASOURCES_PER_PAGE);
  const datasourcesLoading = signal(false);
  const datasourcesError = signal<string | undefined>(undefined);
  const adding = signal(false);
  const addError = signal<string | undefined>(undefined);
  const synching = signal<ReadonlySet<string>>(new Set());
  const scheduling = signal<ReadonlySet<string>>(new Set());
  const rowErrors = signal<Readonly<Record<string, string>>>({});
  const confirmingDelete = signal<Datasource | undefined>(undefined);
  const deleting = signal(false);
  const deleteError = signal<string | undefined>(undefined);

  function setRowError(id: string, message: string | undefined): void {
    const next = { ...rowErrors.value };
    if (message === undefined) delete next[id];
    else next[id] = message;
    rowErrors.value = next;
  }

  /** Puts a datasource read from the API in the list (first, when new). */
  function put(datasource: Datasource): void {
    if (datasource.datastoreId !== undefined && datasource.datastoreId !== selectedId.value) return;
    const items = datasources.items.value;
    const index = items.findIndex((item) => item.id === datasource.id);
    datasources.set(
      index === -1
        ? [datasource, ...items]
        : items.map((item, at) => (at === index ? datasource : item)),
    );
    if (!isDatasourceSettled(datasource.status)) poller.watch();
  }

  async function readDatasources(datastoreId: string): Promise<void> {
    const list = await api.listDatasources(datastoreId);
    if (selectedId.value !== datastoreId) return;
    datasources.set([...list].reverse());
    datasourcesError.value = undefined;
  }

  const poller = createDatasourcePoller({
    unsettled: () =>
      datasources.items.value
        .filter((item) => !isDatasourceSettled(item.status))
        .map((item) => item.id),
    async refreshOne(id) {
      try {
        put(await api.getDatasource(id));
      } catch (failure) {
        if (failure instanceof ConsoleApiError && failure.status === 404) {
          // Deleted elsewhere: it leaves the list instead of failing every second.
          datasources.set(datasources.items.value.filter((item) => item.id !== id));
          return;
        }
        setRowError(id, `The status could not be read: ${messageOf(failure)}`);
        throw failure;
      }
    },
    async refreshAll() {
      const id = selectedId.value;
      if (id === undefined) return;
      try {
        await readDatasources(id);
      } catch (failure) {
        datasourcesError.value = `The datasources could not be read: ${messageOf(failure)}`;
        throw failure;
      }
    },
  });

  const uploads = createUploadsModel(api, put);
  const search = createKnowledgeSearchModel(client);

  async function select(datastoreId: string): Promise<void> {
    poller.stop();
    if (selectedId.value !== datastoreId) search.clear();
    selectedId.value = datastoreId;
    datasources.set([]);
    datasources.goTo(0);
    rowErrors.value = {};
    addError.value = undefined;
    datasourcesLoading.value = true;
    try {
      await readDatasources(datastoreId);
      poller.watch();
    } catch (failure) {
      datasourcesError.value = `The datasources could not be loaded: ${messageOf(failure)}`;
    } finally {
      datasourcesLoading.value = false;
    }
  }

  async function load(): Promise<void> {
    datastoresLoading.value = true;
    try {
      const list = await api.listDatastores();
      datastores.value = [...list].sort((a, b) => a.name.localeCompare(b.name));
      datastoresError.value = undefined;
    } catch (failure) {
      datastoresError.value = `The datastores could not be loaded: ${messageOf(failure)}`;
      return;
    } finally {
      datastoresLoading.value = false;
    }
    const keep = datastores.value.find((item) => item.id === selectedId.value);
    const first = keep ?? datastores.value[0];
    if (first) await select(first.id);
  }

  return {
    api,
    datastores,
    datastoresLoading,
    datastoresError,
    selectedId,
    selected,
    creatingDatastore,
    createDatastoreError,
    datasources,
    datasourcesLoading,
    datasourcesError,
    adding,
    addError,
    uploads,
    search,
    synching,
    scheduling,
    rowErrors,
    confirmingDelete,
    deleting,
    deleteError,
    load,
    select,
    async createDatastore(name, description) {
      if (creatingDatastore.value) return false;
      if (name.trim() === '') {
        createDatastoreError.value = 'The datastore needs a name.';
        return false;
      }
      return runAction(
        { pending: creatingDatastore, error: createDatastoreError },
        'The datastore was not created',
        async () => {
          const created = await api.createDatastore({
            name: name.trim(),
            ...(description.trim() === '' ? {} : { description: description.trim() }),
          });
          datastores.value = [...datastores.value, created].sort((a, b) =>
            a.name.localeCompare(b.name),
          );
          await select(created.id);
        },
      );
    },
    async add(draft) {
      const datastoreId = selectedId.value;
      if (datastoreId === undefined) return false;
      return runAction({ pending: adding, error: addError }, 'Nothing was added', async () => {
        put(await api.createDatasource({ ...draft, datastoreId }));
      });
    },
    addFiles(files) {
      const datastoreId = selectedId.value;
      if (datastoreId !== undefined && files.length > 0) uploads.add(datastoreId, files);
    },
    async synch(datasource) {
      if (synching.value.has(datasource.id)) return;
      synching.value = new Set([...synching.value, datasource.id]);
      setRowError(datasource.id, undefined);
      try {
        put(await api.synch(datasource.id));
      } catch (failure) {
        setRowError(datasource.id, `Re-sync failed: ${messageOf(failure)}`);
      } finally {
        const next = new Set(synching.value);
        next.delete(datasource.id);
        synching.value = next;
      }
    },
    async setSchedule(datasource, minutes) {
      if (scheduling.value.has(datasource.id)) return;
      scheduling.value = new Set([...scheduling.value, datasource.id]);
      setRowError(datasource.id, undefined);
      try {
        put(await api.setSchedule(datasource.id, minutes));
      } catch (failure) {
        setRowError(datasource.id, `The schedule was not changed: ${messageOf(failure)}`);
      } finally {
        const next = new Set(scheduling.value);
        next.delete(datasource.id);
        scheduling.value = next;
      }
    },
    askDelete(datasource) {
      deleteError.value = undefined;
      confirmingDelete.value = datasource;
    },
    async confirmDelete() {
      const datasource = confirmingDelete.value;
      if (!datasource) return;
      await runAction(
        { pending: deleting, error: deleteError },
        'The datasource was not deleted',
        async () => {
          await api.remove(datasource.id);
          confirmingDelete.value = undefined;
          // A site's pages go with it (their groupId is its id).
          datasources.set(
            datasources.items.value.filter(
              (item) => item.id !== datasource.id && item.groupId !== datasource.id,
            ),
          );
          setRowError(datasource.id, undefined);
        },
      );
    },
    dispose() {
      poller.stop();
    },
  };
}
