import type { EvalQuestionResult } from './eval-question-result.js';
import type { EvalReport } from './eval-run.js';
import type { Tally } from './eval-summary.js';

function ratio(tally: Tally): string {
  const share = tally.total === 0 ? '–' : `${((tally.hits / tally.total) * 100).toFixed(1)} %`;
  return `${`${tally.hits}/${tally.total}`.padStart(9)}  ${share.padStart(7)}`;
}

const ms = (value: number) => `${value < 10 ? value.toFixed(1) : Math.round(value)} ms`;

/** A cited source shortened for a line: its path and fragment, or its datasource name. */
function shortSource(source: EvalQuestionResult['sources'][number]): string {
  if (source.url === null) return source.name;
  try {
    const url = new URL(source.url);
    return `${url.pathname}${url.hash}`;
  } catch {
    return source.url;
  }
}

function missLine(result: EvalQuestionResult): string {
  const miss = result.miss;
  if (miss === undefined) return '';
  const expected =
    result.page === null
      ? 'expected a decline'
      : `expected ${result.page}${result.heading === null ? '' : `#${result.heading}`}`;
  const cited =
    result.sources.length === 0
      ? 'cited nothing'
      : `cited ${result.sources.slice(0, 3).map(shortSource).join(', ')}`;
  const ranks =
    miss.pageRank === undefined
      ? ''
      : `; search: page ${miss.pageRank ?? '–'}${miss.sectionRank === undefined ? '' : `, section ${miss.sectionRank ?? '–'}`}${miss.phrasesRetrieved === false ? ', phrases not found' : ''}${miss.lostAt === undefined ? '' : `, lost at ${miss.lostAt}`}`;
  const missing =
    result.score.missingPhrases.length === 0
      ? ''
      : `; missing ${result.score.missingPhrases.map((phrase) => JSON.stringify(phrase)).join(', ')}`;
  const error = result.error === undefined ? '' : `; ${result.error}`;
  return `  ${result.id.padEnd(6)} ${miss.lostBy.padEnd(9)} ${miss.failed.join(' ').padEnd(26)} ${expected}; ${cited}${ranks}${missing}${error}`;
}

/** The ranking stages that lost retrieval's misses, with how many each: ` (at bm25 1, page-support 2)`. */
function lostAt(report: EvalReport): string {
  const counts = new Map<string, number>();
  for (const result of report.questions) {
    const stage = result.miss?.lostAt;
    if (stage !== undefined) counts.set(stage, (counts.get(stage) ?? 0) + 1);
  }
  if (counts.size === 0) return '';
  return ` (at ${[...counts].map(([stage, count]) => `${stage} ${count}`).join(', ')})`;
}

/**
 * The report `agent-chat-service eval` prints: the totals (source@1, source@3, section@3,
 * phrase, unanswerable declined, answerable refused, latency, code blocks left open,
 * follow-ups answerable, misses by stage), then one line per miss (and per follow-up not
 * answerable) unless `misses` is false.
 */
export function formatEvalReport(report: EvalReport, options: { misses?: boolean } = {}): string {
  const { summary } = report;
  const lines = [
    `Agent ${report.agentId}: ${summary.questions} questions (${summary.answerable} answerable, ${summary.unanswerable} unanswerable), ${report.concurrency} at a time`,
    '',
    `  source@1               ${ratio(summary.source1)}`,
    `  source@3               ${ratio(summary.source3)}`,
    `  section@3              ${ratio(summary.section3)}`,
    `  phrase                 ${ratio(summary.phrase)}`,
    `  unanswerable declined  ${ratio(summary.declined)}`,
    `  answerable refused     ${ratio(summary.refused)}`,
    `  latency                p50 ${ms(summary.latency.p50)}, p95 ${ms(summary.latency.p95)}`,
    `  code blocks            ${summary.codeBlocksLeftOpen.length === 0 ? 'all closed' : `left open in ${summary.codeBlocksLeftOpen.length}: ${summary.codeBlocksLeftOpen.join(', ')}`}`,
    `  follow-ups answerable  ${ratio(report.followUps.answerable)}  (page first: ${report.followUps.top1.hits}; from ${report.followUps.withFollowUps} of the first ${report.followUps.answers} answers)`,
    `  misses                 ${summary.misses.total}: ${summary.misses.retrieval} lost by retrieval${lostAt(report)}, ${summary.misses.answer} by the answer${summary.misses.error > 0 ? `, ${summary.misses.error} failed queries` : ''}${summary.misses.unknown > 0 ? `, ${summary.misses.unknown} not diagnosed` : ''}`,
  ];
  const missed = report.questions.filter((result) => result.miss !== undefined);
  if (options.misses !== false && missed.length > 0) {
    lines.push(
      '',
      `Misses (retrieval: a datastore search's top ${report.retrievalTopK} lacks the page, section or phrases too; answer: it has them):`,
      ...missed.map(missLine),
    );
  }
  const lost = report.followUps.results.filter((result) => !result.answerable);
  if (options.misses !== false && lost.length > 0) {
    lines.push(
      '',
      'Follow-ups not answerable (suggested with the answer to; drawn from; cited):',
      ...lost.map(
        (result) =>
          `  ${result.from.padEnd(6)} ${JSON.stringify(result.question)}; from ${result.page}; ${result.declined ? 'declined' : `cited ${result.cited.join(', ')}`}${result.error === undefined ? '' : `; ${result.error}`}`,
      ),
    );
  }
  return `${lines.join('\n')}\n`;
}
