import type { PGlite } from '@electric-sql/pglite';

/** A file of Emscripten's in-memory file system (MEMFS), as far as growing it goes. */
interface MemoryFile {
  contents: Uint8Array | null;
}

/** Each growth of a large in-memory file makes it at least this much larger. */
const GROWTH_FACTOR = 1.5;

/**
 * Makes an in-memory PGlite grow its files by half instead of by an eighth. Emscripten's
 * MEMFS keeps each file in one array and copies it whole into a larger one whenever a
 * write passes its end; above 1 MiB it grows by 12.5 %, so a table or index written
 * continuously is copied about eight times its size over (measured: a tenth of a bulk
 * ingestion's time). By half, the copies come to about twice the size, for at most half
 * a file's size unused. Only the growth step changes (PGlite's own function still does
 * the work); a PGlite whose MEMFS lacks the function is left as it is. Persisted data
 * directories use NODEFS and are not concerned.
 */
export function growMemoryFilesFaster(pglite: PGlite): void {
  const memfs = pglite.Module.MEMFS as unknown as {
    expandFileStorage?: (file: MemoryFile, capacity: number) => void;
  };
  const expand = memfs.expandFileStorage;
  if (typeof expand !== 'function') return;
  memfs.expandFileStorage = (file, capacity) => {
    const current = file.contents?.length ?? 0;
    if (current >= capacity) return;
    expand.call(memfs, file, Math.max(capacity, Math.floor(current * GROWTH_FACTOR)));
  };
}
