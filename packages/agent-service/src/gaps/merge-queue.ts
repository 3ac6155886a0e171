/** A candidate merge of two clusters, with the average similarity of their members. */
export interface CandidateMerge {
  similarity: number;
  a: number;
  b: number;
}

function before(x: CandidateMerge, y: CandidateMerge): boolean {
  if (x.similarity !== y.similarity) return x.similarity > y.similarity;
  return x.a !== y.a ? x.a < y.a : x.b < y.b;
}

/**
 * A binary max-heap of candidate merges, most similar first; ties go to the lower cluster
 * numbers, so the same questions always group the same way.
 */
export function createMergeQueue(): {
  push(merge: CandidateMerge): void;
  pop(): CandidateMerge | undefined;
} {
  const heap: CandidateMerge[] = [];
  return {
    push(merge) {
      heap.push(merge);
      let index = heap.length - 1;
      while (index > 0) {
        const parent = (index - 1) >> 1;
        if (!before(merge, heap[parent] as CandidateMerge)) break;
        heap[index] = heap[parent] as CandidateMerge;
        index = parent;
      }
      heap[index] = merge;
    },
    pop() {
      const top = heap[0];
      const last = heap.pop();
      if (top === undefined || last === undefined || heap.length === 0) return top;
      let index = 0;
      for (;;) {
        const left = 2 * index + 1;
        if (left >= heap.length) break;
        const right = left + 1;
        const child =
          right < heap.length && before(heap[right] as CandidateMerge, heap[left] as CandidateMerge)
            ? right
            : left;
        if (!before(heap[child] as CandidateMerge, last)) break;
        heap[index] = heap[child] as CandidateMerge;
        index = child;
      }
      heap[index] = last;
      return top;
    },
  };
}
