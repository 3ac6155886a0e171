import { describe, expect, it } from 'vitest';
import { analyzeChunks, type ChunkAnalysisInput } from './analyze-chunks.js';
import { analyzeChunksAside, stopChunkAnalysis, warmChunkAnalysis } from './chunk-analysis-pool.js';

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

describe('chunk analysis in its worker', () => {
  it('loads the worker and gets from it exactly what this thread computes', async () => {
    expect(await warmChunkAnalysis()).toBe(true);
    const input = sampleInput(300);
    const [aside, here] = await Promise.all([
      analyzeChunksAside(input),
      Promise.resolve(analyzeChunks(input)),
    ]);
    expect(aside).toEqual(here);
    expect(aside.statistics.map((statistics) => statistics.chunks)).toEqual([150, 150]);
    expect(aside.statistics[0]?.terms).toContain('otter');
    // Many requests at once are each answered with their own analysis.
    const inputs = [1, 5, 40, 2].map(sampleInput);
    const answers = await Promise.all(inputs.map((each) => analyzeChunksAside(each)));
    expect(answers).toEqual(inputs.map((each) => analyzeChunks(each)));
  });

  it('stores titles and texts as Postgres can hold them: no NUL, no lone surrogate', async () => {
    expect(await warmChunkAnalysis()).toBe(true);
    const analysis = await analyzeChunksAside({
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
});

describe('chunk analysis without its worker', () => {
  it('analyses here what the worker was asked when it ends, and everything after', async () => {
    expect(await warmChunkAnalysis()).toBe(true);
    const inputs = [sampleInput(400), sampleInput(3)];
    const asked = inputs.map((input) => analyzeChunksAside(input));
    await stopChunkAnalysis();
    expect(await Promise.all(asked)).toEqual(inputs.map((input) => analyzeChunks(input)));
    expect(await warmChunkAnalysis()).toBe(false);
    expect(await analyzeChunksAside(inputs[1] as ChunkAnalysisInput)).toEqual(
      analyzeChunks(inputs[1] as ChunkAnalysisInput),
    );
  });
});
