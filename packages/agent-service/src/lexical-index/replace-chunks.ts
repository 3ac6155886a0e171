/**
 * Storing chunks: `replaceChunksOf`, the one write path for chunks, which inserts them with
 * their analysis (see `analyze-chunks.ts`; large batches analysed by the chunk-analysis
 * pool) and keeps the lexical index's term statistics exact.
 */
import {
  createId,
  encodeIntegerArray,
  encodeTextArray,
  type Queryable,
  storableText,
} from '../store/index.js';
import { analyzeChunks, type ChunkAnalysis } from './analyze-chunks.js';
import type { ChunkAnalysisPool } from './chunk-analysis-pool.js';

/** A chunk to store: its place in the document, its heading trail and its text. */
export interface ChunkInput {
  /** 0-based order inside the document. */
  position: number;
  /** Document title and the heading the chunk sits under, e.g. `Guide › Install`. */
  title: string;
  content: string;
  /** Id of the heading the chunk sits under in its web page (`source_url#anchor`). */
  anchor?: string | undefined;
  /** PDF page the chunk comes from. */
  pageNumber?: number | undefined;
}

/** One datasource's new set of chunks, for {@link replaceChunksOf}. */
export interface ChunkReplacement {
  datasource: { id: string; datastoreId: string };
  chunks: readonly ChunkInput[];
}

/**
 * Chunks per INSERT. In a batch of several INSERTs, the chunk-analysis thread analyses the
 * next ones while these are stored (by PGlite in this thread, or by a PostgreSQL server).
 */
const CHUNKS_PER_INSERT = 250;
/** Chunks of a batch's first INSERT when the thread analyses them (see replaceChunksOf). */
const FIRST_CHUNKS_ASIDE = 100;

/** A chunk to analyse and insert, with the id it gets and the datasource it belongs to. */
interface PlannedChunk {
  id: string;
  datasource: { id: string; datastoreId: string };
  chunk: ChunkInput;
}

/** What a batch adds to its datastores' statistics, filled in as its chunks are analysed. */
interface BatchStatistics {
  totals: Map<string, { chunks: number; length: number }>;
  terms: Map<string, Map<string, number>>;
}

/**
 * Analyses chunks for one INSERT (see `analyzeChunks`): by the chunk-analysis pool when
 * given one (there are more INSERTs, for its thread to overlap with), here otherwise.
 */
function analyzePlanned(
  planned: readonly PlannedChunk[],
  datastores: readonly string[],
  pool: ChunkAnalysisPool | undefined,
): Promise<ChunkAnalysis> {
  const input = {
    titles: planned.map(({ chunk }) => chunk.title),
    contents: planned.map(({ chunk }) => chunk.content),
    datastores: planned.map(({ datasource }) => datastores.indexOf(datasource.datastoreId)),
    datastoreCount: datastores.length,
  };
  return pool ? pool.analyze(input) : Promise.resolve(analyzeChunks(input));
}

/** Adds one INSERT's analysed statistics to its batch's. */
function addStatistics(
  statistics: BatchStatistics,
  datastores: readonly string[],
  analysis: ChunkAnalysis,
): void {
  analysis.statistics.forEach((added, index) => {
    const datastoreId = datastores[index] as string;
    const total = statistics.totals.get(datastoreId) as { chunks: number; length: number };
    total.chunks += added.chunks;
    total.length += added.length;
    const counts = statistics.terms.get(datastoreId) as Map<string, number>;
    added.terms.forEach((term, at) => {
      counts.set(term, (counts.get(term) ?? 0) + (added.counts[at] as number));
    });
  });
}

/** The INSERT's parameters: the planned chunks' own columns and their analysed ones. */
function insertColumns(planned: readonly PlannedChunk[], analysis: ChunkAnalysis): Uint8Array[] {
  return [
    encodeTextArray(planned.map((item) => item.id)),
    encodeTextArray(planned.map((item) => item.datasource.id)),
    encodeTextArray(planned.map((item) => item.datasource.datastoreId)),
    encodeIntegerArray(planned.map((item) => item.chunk.position)),
    analysis.titles,
    analysis.contents,
    analysis.lengths,
    encodeTextArray(
      planned.map(({ chunk }) =>
        chunk.anchor === undefined || chunk.anchor === null ? null : storableText(chunk.anchor),
      ),
    ),
    encodeIntegerArray(planned.map(({ chunk }) => chunk.pageNumber)),
    analysis.tsvectors,
  ];
}

/**
 * The one write path for chunks: replaces every chunk of each given datasource with its
 * new chunks, inside the caller's transaction (so readers see a datasource's old set or
 * its new one, never a mix or none), and returns the new chunk ids per replacement, in the
 * order given. A whole batch costs a handful of statements, whatever its size: the service
 * analyses every chunk (its `tsvector` and length, see `analyzeChunks`), inserts the chunks
 * 250 per statement — with a chunk-analysis `pool`, its thread analysing the next ones
 * while these are stored, so both work at once — and adds the batch's
 * term statistics (chunk count and total length to the datastore's totals row, document
 * frequency per term appended as deltas that readers sum — migrations 4 and 12) in one
 * statement per table; the statistics of deleted chunks are taken off by the triggers on
 * `chunks` (so cascades are counted too). Each datasource's section count (distinct chunk
 * titles, migration 18) is written with its chunks.
 * Concurrent writers of one datasource queue on its row lock; writers of one datastore's
 * statistics queue on its totals row (always locked first, in datastore order; the
 * deltas' compaction takes it too), so the counts stay exact.
 * An empty `chunks` just deletes the datasource's chunks.
 *
 * @example
 * await database.transaction((transaction) =>
 *   replaceChunksOf(transaction, [{ datasource: { id, datastoreId }, chunks }]),
 * );
 */
export async function replaceChunksOf(
  transaction: Queryable,
  replacements: readonly ChunkReplacement[],
  pool?: ChunkAnalysisPool,
): Promise<string[][]> {
  if (replacements.length === 0) return [];
  const last = new Map(replacements.map((item) => [item.datasource.id, item]));
  const statistics: BatchStatistics = { totals: new Map(), terms: new Map() };
  const planned: PlannedChunk[] = [];
  const ids = replacements.map((item) => {
    const { datastoreId } = item.datasource;
    if (!statistics.totals.has(datastoreId)) {
      statistics.totals.set(datastoreId, { chunks: 0, length: 0 });
      statistics.terms.set(datastoreId, new Map());
    }
    // A datasource named twice keeps its last set of chunks.
    if (last.get(item.datasource.id) !== item) return [];
    return item.chunks.map((chunk) => {
      const id = createId();
      planned.push({ id, datasource: item.datasource, chunk });
      return id;
    });
  });
  const datasourceIds = [...last.keys()].sort();
  const datastores = [...statistics.totals.keys()].sort();
  // The locks and the delete run while the first chunks are analysed.
  let writing: Promise<unknown> = (async () => {
    // Two replacements of one datasource at once must not both keep their chunks: the
    // second waits here for the first to commit, then deletes what the first wrote.
    await transaction.query(
      'SELECT 1 FROM datasources WHERE id = ANY($1::text[]) ORDER BY id FOR UPDATE',
      [datasourceIds],
    );
    // Every datastore's totals row is locked here, in order, before its statistics change
    // (the delete trigger below and the deltas' compaction take it too): writers of one
    // datastore queue here, never deadlock, and never race a compaction. The batch's own
    // counts are added once its chunks are analysed, below.
    await transaction.query(
      `INSERT INTO lexicon_totals AS t (datastore_id, chunks, total_length, term_deltas)
       SELECT id, 0, 0, 1 FROM unnest($1::text[]) AS id ORDER BY 1
       ON CONFLICT (datastore_id) DO UPDATE SET term_deltas = t.term_deltas + 1`,
      [datastores],
    );
    await transaction.query('DELETE FROM chunks WHERE datasource_id = ANY($1::text[])', [
      datasourceIds,
    ]);
    // Each datasource's sections (distinct chunk titles), read by retrieval's page support.
    await transaction.query(
      `UPDATE datasources d SET sections = n.sections
       FROM unnest($1::text[], $2::integer[]) AS n (id, sections) WHERE d.id = n.id`,
      [
        datasourceIds,
        datasourceIds.map((id) => new Set(last.get(id)?.chunks.map((chunk) => chunk.title)).size),
      ],
    );
  })();
  writing.catch(() => {});
  const aside = pool !== undefined && planned.length > CHUNKS_PER_INSERT;
  // The INSERTs' slices of the planned chunks. Analysed in the thread, the first is smaller:
  // this thread waits for its analysis, and then for no other.
  const slices: [number, number][] = [];
  for (let start = 0; start < planned.length; ) {
    const end = Math.min(
      planned.length,
      start + (aside && start === 0 ? FIRST_CHUNKS_ASIDE : CHUNKS_PER_INSERT),
    );
    slices.push([start, end]);
    start = end;
  }
  const analyze = ([start, end]: [number, number]) => {
    const analysis = analyzePlanned(
      planned.slice(start, end),
      datastores,
      aside ? pool : undefined,
    );
    // Awaited on its turn; until then its failure must not count as unhandled.
    analysis.catch(() => {});
    return analysis;
  };
  let analyzing = slices[0] ? analyze(slices[0]) : undefined;
  for (const [index, [start, end]] of slices.entries()) {
    const analysis = await (analyzing as Promise<ChunkAnalysis>);
    // The next chunks are analysed while these are stored.
    const next = slices[index + 1];
    analyzing = next ? analyze(next) : undefined;
    addStatistics(statistics, datastores, analysis);
    const columns = insertColumns(planned.slice(start, end), analysis);
    await writing;
    writing = transaction.query(
      `INSERT INTO chunks
         (id, datasource_id, datastore_id, position, title, content, length, anchor, page_number, tsv)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::integer[], $5::text[],
         $6::text[], $7::integer[], $8::text[], $9::integer[], $10::tsvector[])`,
      columns,
    );
    // Awaited on the next turn; until then its failure must not count as unhandled.
    writing.catch(() => {});
  }
  await writing;
  if (planned.length === 0) return ids;
  await transaction.query(
    `UPDATE lexicon_totals t SET chunks = t.chunks + n.chunks,
       total_length = t.total_length + n.length
     FROM unnest($1::text[], $2::bigint[], $3::bigint[]) AS n (id, chunks, length)
     WHERE t.datastore_id = n.id`,
    [
      datastores,
      datastores.map((id) => statistics.totals.get(id)?.chunks ?? 0),
      datastores.map((id) => statistics.totals.get(id)?.length ?? 0),
    ],
  );
  const termDatastores: string[] = [];
  const termNames: string[] = [];
  const termCounts: number[] = [];
  for (const datastoreId of datastores) {
    for (const [term, count] of statistics.terms.get(datastoreId) ?? []) {
      termDatastores.push(datastoreId);
      termNames.push(term);
      termCounts.push(count);
    }
  }
  // Appended, not added to a row per term: no read-modify-write (migration 12).
  await transaction.query(
    `INSERT INTO lexicon_terms (datastore_id, term, chunks)
     SELECT * FROM unnest($1::text[], $2::text[], $3::integer[])`,
    [encodeTextArray(termDatastores), encodeTextArray(termNames), encodeIntegerArray(termCounts)],
  );
  return ids;
}
