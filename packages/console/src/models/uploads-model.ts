import type { Datasource } from '@agent-chat/protocol';
import { type ReadonlySignal, signal } from '@preact/signals';
import type { KnowledgeApi } from './knowledge-api.js';
import { messageOf } from './session-model.js';

/** One file being uploaded, as its row shows it. */
export interface UploadEntry {
  key: number;
  name: string;
  size: number;
  /** Bytes sent so far. */
  loaded: number;
  state: 'queued' | 'uploading' | 'done' | 'failed';
  /** Why it failed (413 too large, 415 unsupported with the supported list, network). */
  error?: string;
}

/** The upload queue of the Knowledge page. */
export interface UploadsModel {
  entries: ReadonlySignal<readonly UploadEntry[]>;
  /** Queues files for the datastore; two upload at a time. */
  add(datastoreId: string, files: readonly File[]): void;
  /** Removes the finished (done or failed) rows. */
  clearFinished(): void;
}

/** Files uploading at once. */
const CONCURRENT_UPLOADS = 2;

/**
 * Creates the upload queue: every file gets a row with its progress, and on success its
 * datasource goes to `onCreated` (which lists it and polls its status).
 */
export function createUploadsModel(
  api: Pick<KnowledgeApi, 'upload'>,
  onCreated: (datasource: Datasource) => void,
): UploadsModel {
  const entries = signal<readonly UploadEntry[]>([]);
  const waiting: { key: number; datastoreId: string; file: File }[] = [];
  let running = 0;
  let nextKey = 1;

  function update(key: number, change: Partial<UploadEntry>): void {
    entries.value = entries.value.map((entry) =>
      entry.key === key ? { ...entry, ...change } : entry,
    );
  }

  function pump(): void {
    while (running < CONCURRENT_UPLOADS && waiting.length > 0) {
      const next = waiting.shift();
      if (!next) break;
      running += 1;
      update(next.key, { state: 'uploading' });
      const upload = api.upload(next.datastoreId, next.file, (loaded) =>
        update(next.key, { loaded }),
      );
      upload.done
        .then((datasource) => {
          update(next.key, { state: 'done', loaded: next.file.size });
          onCreated(datasource);
        })
        .catch((failure: unknown) => {
          update(next.key, { state: 'failed', error: messageOf(failure) });
        })
        .finally(() => {
          running -= 1;
          pump();
        });
    }
  }

  return {
    entries,
    add(datastoreId, files) {
      const added = files.map((file) => ({ key: nextKey++, datastoreId, file }));
      entries.value = [
        ...entries.value,
        ...added.map(({ key, file }) => ({
          key,
          name: file.name,
          size: file.size,
          loaded: 0,
          state: 'queued' as const,
        })),
      ];
      waiting.push(...added);
      pump();
    },
    clearFinished() {
      entries.value = entries.value.filter(
        (entry) => entry.state === 'queued' || entry.state === 'uploading',
      );
    },
  };
}
