/**
 * A `Blob` over bytes already in memory whose `arrayBuffer()` hands them back at once, for
 * PGlite's `loadDataDir` (which reads the tarball with that one call).
 *
 * Why: Node 20's own `Blob#arrayBuffer()` reads its copy back in small pieces and joins
 * them again. For a 40 MB data directory that is about a second of CPU, paid by every
 * in-memory database a test, a benchmark or an evaluation opens from a snapshot or from the
 * template (docs/benchmarks.md, CI time, sixth session). Every other `Blob` method is
 * Node's, on the same bytes.
 */
export function bytesBlob(bytes: Uint8Array, type = 'application/x-tar'): Blob {
  return new BytesBlob(bytes, type);
}

class BytesBlob extends Blob {
  readonly #bytes: Uint8Array;

  constructor(bytes: Uint8Array, type: string) {
    // A view over a SharedArrayBuffer is copied like any other (the types only allow ArrayBuffer).
    super([bytes as Uint8Array<ArrayBuffer>], { type });
    this.#bytes = bytes;
  }

  override arrayBuffer(): Promise<ArrayBuffer> {
    const bytes = this.#bytes;
    // The caller may keep and change what it is given: a copy, but one memcpy, not pieces.
    return Promise.resolve(
      bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
    );
  }
}
