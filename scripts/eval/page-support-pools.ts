/**
 * Writes one development set's candidate pools for `page-support-weights.ts`: each
 * answerable question retrieved in-process as the query route does, on a data directory
 * the set was ingested into (`DATA_DIR` of a `serve` that `npm run eval -- --site` style
 * ingestion filled; its datastore id given), every candidate of the pool (`RERANK_DEPTH`)
 * with its score after `bare-list`, its page's support (`pageSupportOf`, depth 2), both
 * over the pool's best score, and whether its page and its section are the question's
 * (the eval's `scoreReply` on it alone).
 *
 *     node --conditions=agent-chat-source --import tsx scripts/eval/page-support-pools.ts \
 *       <set folder> <data dir> <datastore id> > pools/<set>.json
 */
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { PoolSet } from './page-support-weights.js';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const serviceSource = path.join(repositoryRoot, 'packages/agent-service/src');

/** Imports one of the service's own modules (not its public API) by its path. */
const internal = (file: string) => import(pathToFileURL(path.join(serviceSource, file)).href);

async function main([folder, dataDir, datastoreId]: string[]): Promise<void> {
  if (!folder || !dataDir || !datastoreId) {
    throw new Error('usage: page-support-pools.ts <set folder> <data dir> <datastore id>');
  }
  const { createPgliteDatabase, readEvalQuestions, scoreReply } = await internal('index.ts');
  const { retrieve, RERANK_DEPTH } = await internal('retrieval/index.ts');
  const { pageSupportOf } = await internal('retrieval/page-support.ts');
  const set = await import(pathToFileURL(path.join(folder, 'serve-site.mjs')).href);
  const questions = await readEvalQuestions(path.join(folder, 'questions.json'));
  const database = await createPgliteDatabase({ dataDir });
  const sections = new Map<string, number>(
    (await database.query('SELECT id, sections FROM datasources')).map(
      (row: { id: string; sections: number }) => [row.id, row.sections],
    ),
  );
  const pools: PoolSet = { name: path.basename(folder), questions: [] };
  for (const asked of questions) {
    if (asked.page === null) continue;
    const ids = asked.heading && set.sectionIds ? set.sectionIds(asked.page, asked.heading) : [];
    const question = ids.length > 0 ? { ...asked, sectionIds: [...ids] } : asked;
    const found = await retrieve(database, question.question, {
      datastoreIds: [datastoreId],
      limit: RERANK_DEPTH,
      explain: true,
    });
    const stepOf = (index: number, stage: string) =>
      found.explanations?.[index]?.find((step: { stage: string }) => step.stage === stage)?.score;
    const candidates = found.passages.map(
      (passage: { datasourceId: string; title: string }, index: number) => ({
        datasource_id: passage.datasourceId,
        title: passage.title,
        page_sections: sections.get(passage.datasourceId),
        score: stepOf(index, 'bare-list') ?? stepOf(index, 'sentence-rerank') ?? 0,
      }),
    );
    const best = Math.max(
      ...candidates.map((candidate: { score: number }) => candidate.score),
      1e-9,
    );
    const support = pageSupportOf(candidates, 2);
    pools.questions.push({
      id: question.id,
      candidates: candidates.map(
        (candidate: { datasource_id: string; score: number }, index: number) => {
          const page = support.get(candidate.datasource_id);
          const score = scoreReply(question, {
            answer: '',
            sources: [found.passageSources[index]],
          });
          return {
            features: [candidate.score, ...page.sections, page.lacking].map(
              (value: number) => value / best,
            ),
            page: score.source1 === true,
            section: score.section3 === true,
            releaseNotes:
              (stepOf(index, 'release-notes') ?? 0) < (stepOf(index, 'page-support') ?? 0),
          };
        },
      ),
    });
  }
  await database.close?.();
  process.stdout.write(`${JSON.stringify(pools)}\n`);
}

await main(process.argv.slice(2));
