import type { Worker } from 'node:worker_threads';
import { describe, expect, it, onTestFinished } from 'vitest';
import { analyzeChunks, type ChunkAnalysisInput } from './analyze-chunks.js';
import { createChunkAnalysisPool, spawnChunkAnalysisThread } from './chunk-analysis-pool.js';

/** Two datastores' chunks, some prose and some of every kind of character. */
function sampleInput(count: number): ChunkAnalysisInput {
  return {
    titles: Array.from({ length: count }, (_, index) => `Guide › Part ${index} — été`),
    contents: Array.from(
      { length: count },
      (_, index) =>
        `Otters ${index} hold hands while sleeping; ünïcode 😀 words, ${index % 7} stones and tools.`,
    ),
    datastores: Array.from({ length: count }, (_, index) => index % 2),
    datastoreCount: 2,
  };
}

/**
 * A pool whose threads are watched: every thread it started, and how many are still
 * running. Stopped (and its threads checked gone) when the test ends.
 */
function watchedPool(spawn: () => Worker = spawnChunkAnalysisThread, idleMs?: number) {
  const threads: Worker[] = [];
  const watch = { threads, running: 0 };
  const pool = createChunkAnalysisPool({
    ...(idleMs === undefined ? {} : { idleMs }),
    spawn: () => {
      const worker = spawn();
      threads.push(worker);
      watch.running += 1;
      worker.once('exit', () => {
        watch.running -= 1;
      });
      return worker;
    },
  });
  onTestFinished(async () => {
    await pool.stop();
    await expect.poll(() => watch.running).toBe(0);
  });
  return { pool, watch };
}

describe('chunk analysis in its thread', () => {
  it('loads the thread and gets from it exactly what this thread computes', async () => {
    const { pool, watch } = watchedPool();
    expect(await pool.warm()).toBe(true);
    const input = sampleInput(300);
    const [aside, here] = await Promise.all([
      pool.analyze(input),
      Promise.resolve(analyzeChunks(input)),
    ]);
    expect(aside).toEqual(here);
    expect(aside.statistics.map((statistics) => statistics.chunks)).toEqual([150, 150]);
    expect(aside.statistics[0]?.terms).toContain('otter');
    // Many requests at once are each answered with their own analysis, by one thread.
    const inputs = [1, 5, 40, 2].map(sampleInput);
    const answers = await Promise.all(inputs.map((each) => pool.analyze(each)));
    expect(answers).toEqual(inputs.map((each) => analyzeChunks(each)));
    expect(await pool.warm()).toBe(true);
    expect(watch.threads).toHaveLength(1);
  });

  it('stores titles and texts as Postgres can hold them: no NUL, no lone surrogate', async () => {
    const { pool } = watchedPool();
    expect(await pool.warm()).toBe(true);
    const analysis = await pool.analyze({
      titles: ['Tit\u0000le'],
      contents: ['Otters\u0000 sleep \uD800 here'],
      datastores: [0],
      datastoreCount: 1,
    });
    const clean = analyzeChunks({
      titles: ['Title'],
      contents: ['Otters sleep \uFFFD here'],
      datastores: [0],
      datastoreCount: 1,
    });
    expect(analysis).toEqual(clean);
  });

  it('starts on demand: the first call is analysed here while the thread loads', async () => {
    const { pool, watch } = watchedPool();
    const input = sampleInput(3);
    expect(await pool.analyze(input)).toEqual(analyzeChunks(input));
    expect(watch.threads).toHaveLength(1);
    expect(await pool.warm()).toBe(true);
    expect(await pool.analyze(input)).toEqual(analyzeChunks(input));
    expect(watch.threads).toHaveLength(1);
  });
});

describe('stopping the chunk-analysis pool', () => {
  it('analyses here what the thread was asked, ends it, and starts a new one when used again', async () => {
    const { pool, watch } = watchedPool();
    expect(await pool.warm()).toBe(true);
    const inputs = [sampleInput(400), sampleInput(3)];
    const asked = inputs.map((input) => pool.analyze(input));
    await pool.stop();
    expect(await Promise.all(asked)).toEqual(inputs.map((input) => analyzeChunks(input)));
    await expect.poll(() => watch.running).toBe(0);
    // Used again: a new thread.
    expect(await pool.warm()).toBe(true);
    expect(watch.threads).toHaveLength(2);
    expect(watch.running).toBe(1);
    expect(await pool.analyze(inputs[0] as ChunkAnalysisInput)).toEqual(
      analyzeChunks(inputs[0] as ChunkAnalysisInput),
    );
    await pool.stop();
    await expect.poll(() => watch.running).toBe(0);
  });

  it('ends a thread stopped while it loads, which then never counts as loaded', async () => {
    const { pool, watch } = watchedPool();
    const warming = pool.warm();
    await pool.stop();
    expect(await warming).toBe(false);
    await expect.poll(() => watch.running).toBe(0);
    const input = sampleInput(2);
    expect(await pool.analyze(input)).toEqual(analyzeChunks(input));
    expect(watch.threads).toHaveLength(2);
  });
});

describe('an idle chunk-analysis thread', () => {
  it('ends once it has owed nothing for idleMs, and another starts when needed', async () => {
    const { pool, watch } = watchedPool(spawnChunkAnalysisThread, 20);
    expect(await pool.warm()).toBe(true);
    await expect.poll(() => watch.running).toBe(0);
    const input = sampleInput(50);
    expect(await pool.warm()).toBe(true);
    expect(watch.threads).toHaveLength(2);
    expect(await pool.analyze(input)).toEqual(analyzeChunks(input));
    await expect.poll(() => watch.running).toBe(0);
    // Ended as idle, not as dead: the next call starts a thread again.
    expect(await pool.warm()).toBe(true);
    expect(watch.threads).toHaveLength(3);
  });

  it('is not ended while it owes an answer: the thread itself answers', async () => {
    const { pool, watch } = watchedPool(spawnChunkAnalysisThread, 1);
    expect(await pool.warm()).toBe(true);
    const input = sampleInput(800);
    // A thread ended early would be seen exiting before its work is answered here.
    const runningWhenAnswered = await pool.analyze(input).then((analysis) => {
      expect(analysis).toEqual(analyzeChunks(input));
      return watch.running;
    });
    expect(runningWhenAnswered).toBe(1);
    expect(watch.threads).toHaveLength(1);
    await expect.poll(() => watch.running).toBe(0);
  });
});

describe('chunk analysis without its thread', () => {
  it('analyses here when the thread cannot start, and tries again only after stop()', async () => {
    let refuse = true;
    const { pool, watch } = watchedPool(() => {
      if (refuse) throw new Error('no threads here');
      return spawnChunkAnalysisThread();
    });
    expect(await pool.warm()).toBe(false);
    const input = sampleInput(5);
    expect(await pool.analyze(input)).toEqual(analyzeChunks(input));
    refuse = false;
    expect(await pool.warm()).toBe(false);
    await pool.stop();
    expect(await pool.warm()).toBe(true);
    expect(watch.threads).toHaveLength(1);
  });

  it('analyses here what a thread that dies was asked, and everything after', async () => {
    const { pool, watch } = watchedPool();
    expect(await pool.warm()).toBe(true);
    const inputs = [sampleInput(400), sampleInput(3)];
    const asked = inputs.map((input) => pool.analyze(input));
    await watch.threads[0]?.terminate();
    expect(await Promise.all(asked)).toEqual(inputs.map((input) => analyzeChunks(input)));
    await expect.poll(() => watch.running).toBe(0);
    expect(await pool.warm()).toBe(false);
    expect(await pool.analyze(inputs[1] as ChunkAnalysisInput)).toEqual(
      analyzeChunks(inputs[1] as ChunkAnalysisInput),
    );
    expect(watch.threads).toHaveLength(1);
  });
});
