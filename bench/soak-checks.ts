import type { Database } from '@agent-chat/agent-service';
import { type BudgetCheck, holds } from './budgets.js';
import type { AckedExchange, SoakRecord } from './soak-load.js';

const settled = ['synched', 'error'];

/**
 * Every datasource a service acknowledged still exists, and has been ingested (waits up to
 * `drainMs` for the jobs a killed service held: their lease must expire first).
 */
export async function checkDatasources(
  database: Database,
  acked: readonly string[],
  drainMs: number,
): Promise<BudgetCheck[]> {
  const deadline = Date.now() + drainMs;
  let rows: { id: string; status: string }[] = [];
  for (;;) {
    rows = await database.query<{ id: string; status: string }>(
      'SELECT id, status FROM datasources WHERE id = ANY($1::text[])',
      [acked],
    );
    const busy = rows.filter((row) => !settled.includes(row.status)).length;
    if (busy === 0 || Date.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const lost = acked.length - rows.length;
  const unfinished = rows.filter((row) => !settled.includes(row.status)).length;
  const failed = rows.filter((row) => row.status === 'error').length;
  return [
    holds(
      'acknowledged datasources lost',
      '0',
      `${lost} of ${acked.length} acknowledged`,
      acked.length > 0 && lost === 0,
    ),
    holds(
      'acknowledged datasources ingested',
      `all, within ${drainMs / 1000} s after the load`,
      `${rows.length - unfinished - failed} synched, ${failed} error, ${unfinished} unfinished`,
      unfinished === 0 && failed === 0,
    ),
  ];
}

/**
 * No stored message lost or duplicated: each acknowledged answer is stored once with its
 * question, and no question was stored twice (every question text of the load is unique).
 */
export async function checkMessages(
  database: Database,
  sent: ReadonlySet<string>,
  acked: readonly AckedExchange[],
): Promise<BudgetCheck[]> {
  const answers = await database.query<{ id: string }>(
    `SELECT id FROM messages WHERE role = 'assistant'`,
  );
  const questions = await database.query<{ text: string; count: string | number }>(
    `SELECT text, count(*) AS count FROM messages WHERE role = 'user' AND text = ANY($1::text[]) GROUP BY text`,
    [[...sent]],
  );
  const storedQuestions = new Map(questions.map((row) => [row.text, Number(row.count)]));
  const storedAnswers = new Set(answers.map((row) => row.id));
  // The BFF hands browsers the service's message id signed, `<id>_<signature>`, and the
  // signature may itself contain `_`: the stored id is one of the prefixes before a `_`.
  const isStored = (signed: string) =>
    [...signed.matchAll(/_/g)].some((match) => storedAnswers.has(signed.slice(0, match.index)));
  const lostAnswers = acked.filter((exchange) => !isStored(exchange.messageId)).length;
  const lostQuestions = acked.filter(
    (exchange) => (storedQuestions.get(exchange.query) ?? 0) === 0,
  ).length;
  const lost = lostAnswers + lostQuestions;
  const duplicated = [...storedQuestions.values()].filter((count) => count > 1).length;
  return [
    holds(
      'stored messages lost',
      '0',
      `${lostAnswers} answers and ${lostQuestions} questions of ${acked.length} acknowledged exchanges`,
      acked.length > 0 && lost === 0,
    ),
    holds(
      'stored messages duplicated',
      '0',
      `${duplicated} questions stored twice (of ${sent.size} sent)`,
      duplicated === 0,
    ),
  ];
}

/**
 * Every stream ended: with `[DONE]`, an error event, or a closed connection (which the
 * widget retries); none hung. `openAtKills` are the ids of the streams open when a process
 * was killed: there must be some, and some of them must really have been interrupted.
 */
export function checkStreams(
  records: readonly SoakRecord[],
  openAtKills: ReadonlySet<number>,
): BudgetCheck[] {
  const hung = records.filter((record) => record.outcome === 'hung').length;
  const streams = records.filter((record) => record.kind === 'stream');
  const count = (outcome: SoakRecord['outcome']) =>
    streams.filter((record) => record.outcome === outcome).length;
  const atKills = streams.filter((record) => openAtKills.has(record.id));
  const interrupted = atKills.filter(
    (record) => record.outcome === 'error-event' || record.outcome === 'closed',
  ).length;
  return [
    holds(
      'interrupted streams ended with an error event or a closed connection',
      'none hung',
      `${count('error-event')} error events, ${count('closed')} closed connections, ${hung} requests hung, of ${streams.length} streams; of the ${atKills.length} open at the kills, ${interrupted} interrupted, ${atKills.length - interrupted} completed`,
      hung === 0 && interrupted > 0,
    ),
  ];
}

/**
 * One client address's limit holds across both BFFs (the survivor and the restarted one,
 * counting in the same Redis): `limit` answers, then 429s.
 */
export async function checkRateLimit(
  bffs: readonly string[],
  agentId: string,
  limit: number,
): Promise<BudgetCheck> {
  const statuses: number[] = [];
  for (let index = 0; index < limit + 3; index += 1) {
    const response = await fetch(`${bffs[index % bffs.length]}/api/agents/${agentId}/query`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '127.0.2.1' },
      body: JSON.stringify({ query: `rate limit probe ${index}` }),
      signal: AbortSignal.timeout(30_000),
    });
    await response.body?.cancel();
    statuses.push(response.status);
  }
  const answered = statuses.filter((status) => status === 200).length;
  const limited = statuses.filter((status) => status === 429).length;
  return holds(
    'rate limit enforced across the two BFFs after the kill',
    `${limit} answers, then 429`,
    `${answered} answered, ${limited} limited (statuses ${statuses.join(' ')})`,
    answered === limit && limited === 3 && statuses.slice(limit).every((status) => status === 429),
  );
}
