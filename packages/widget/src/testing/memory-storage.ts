/** A `Storage` in memory, with switches to fail like a full or revoked browser storage. */
export interface MemoryStorage extends Storage {
  /** When true, `setItem` throws a QuotaExceededError. */
  failWrites: boolean;
  /** When true, every access throws a SecurityError. */
  failAll: boolean;
}

/** Creates a {@link MemoryStorage}. */
export function createMemoryStorage(): MemoryStorage {
  const items = new Map<string, string>();
  const guard = (): void => {
    if (storage.failAll) throw new DOMException('Storage is disabled.', 'SecurityError');
  };
  const storage: MemoryStorage = {
    failWrites: false,
    failAll: false,
    get length() {
      return items.size;
    },
    clear() {
      guard();
      items.clear();
    },
    getItem(key) {
      guard();
      return items.get(key) ?? null;
    },
    key(index) {
      guard();
      return [...items.keys()][index] ?? null;
    },
    removeItem(key) {
      guard();
      items.delete(key);
    },
    setItem(key, value) {
      guard();
      if (storage.failWrites)
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      items.set(key, String(value));
    },
  };
  return storage;
}

/** A window-like object with the given storages and a working `storage` event target. */
export function createStorageWindow(storages: { local?: Storage; session?: Storage } = {}): {
  localStorage?: Storage;
  sessionStorage?: Storage;
  addEventListener: EventTarget['addEventListener'];
  removeEventListener: EventTarget['removeEventListener'];
  dispatchEvent: EventTarget['dispatchEvent'];
} {
  const target = new EventTarget();
  const result: ReturnType<typeof createStorageWindow> = {
    addEventListener: target.addEventListener.bind(target),
    removeEventListener: target.removeEventListener.bind(target),
    dispatchEvent: target.dispatchEvent.bind(target),
  };
  if (storages.local) result.localStorage = storages.local;
  if (storages.session) result.sessionStorage = storages.session;
  return result;
}

/** A `storage` event as another tab's write produces it. */
export function storageEvent(storageArea: Storage, key: string, newValue: string | null): Event {
  return Object.assign(new Event('storage'), { key, newValue, storageArea });
}
