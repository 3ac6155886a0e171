import type {
  GapAnswerBody,
  GapAnswerResponse,
  GapHideBody,
  GapHideResponse,
  GapUnhideBody,
  GapUnhideResponse,
  QaPair,
} from '@agent-chat/protocol';
import { invalidRequest } from '../agent-service-error.js';
import { getAgent } from '../agents/index.js';
import { createDatasource, type Ingestion } from '../ingestion/index.js';
import { getDatasource } from '../knowledge/index.js';
import type { Database } from '../store/index.js';
import { deleteHiddenMarks, saveGapMark } from './gap-marks.js';
import { findHiddenTopic, type GapTopicsContext } from './gap-topics.js';

/** Who answered or hid a topic when the request does not say. */
const DEFAULT_BY = 'API';
/** How long saving an answer waits for it to become searchable, ms. */
const SEARCHABLE_WITHIN_MS = 20_000;
/** `config.content_gaps` of the agent's Q&A datasource of gap answers: its agent's id. */
const MARKER = 'content_gaps';

/** The distinct questions, in order (case and spacing ignored). */
function distinct(questions: readonly string[]): string[] {
  const seen = new Set<string>();
  return questions
    .map((question) => question.replace(/\s+/g, ' ').trim())
    .filter((question) => {
      const key = question.toLowerCase();
      if (question === '' || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

/**
 * `POST /api/insights/gaps/answer`: the owner's answer to a topic, saved once for all its
 * questions. Each question (the typical one, then the variants) becomes a Q&A pair with the
 * answer — so whichever words a visitor uses, retrieval finds a pair titled like them —
 * in the agent's Q&A datasource of gap answers (in its first datastore; created on the first
 * answer, extended and re-ingested after). A source URL is linked under the answer. Waits
 * until the datasource is searchable (at most 20 s), then marks the topic answered.
 */
export async function answerGapTopic(
  context: { database: Database; ingestion: Ingestion },
  organizationId: string,
  body: GapAnswerBody,
): Promise<GapAnswerResponse> {
  const { database, ingestion } = context;
  const agent = await getAgent(database, organizationId, body.agentId);
  const datastoreId = agent.datastoreIds?.[0];
  if (datastoreId === undefined) {
    throw invalidRequest(
      `Agent "${agent.id}" has no datastore to save the answer in: link one to it first.`,
    );
  }
  const questions = distinct([body.question, ...(body.variants ?? [])]);
  const answer =
    body.sourceUrl === undefined
      ? body.answer.trim()
      : `${body.answer.trim()}\n\n<${body.sourceUrl}>`;
  const [existing] = await database.query<{ id: string; config: { pairs?: QaPair[] } }>(
    `SELECT id, config FROM datasources
     WHERE organization_id = $1 AND datastore_id = $2 AND type = 'qa' AND config ->> '${MARKER}' = $3
     ORDER BY created_at LIMIT 1`,
    [organizationId, datastoreId, agent.id],
  );
  const asked = new Set(questions.map((question) => question.toLowerCase()));
  const kept = (existing?.config.pairs ?? []).filter(
    (pair) => !asked.has(pair.question.toLowerCase()),
  );
  const pairs = [...kept, ...questions.map((question) => ({ question, answer }))];
  const datasource = await createDatasource(database, organizationId, {
    datastoreId,
    type: 'qa',
    name: `Answers to content gaps (${agent.name})`.slice(0, 200),
    ...(existing === undefined ? {} : { id: existing.id }),
    config: { pairs, [MARKER]: agent.id },
  });
  ingestion.wake();
  await ingestion.waitFor([datasource.id], { timeoutMs: SEARCHABLE_WITHIN_MS });
  const { status } = await getDatasource(database, organizationId, datasource.id);
  const mark = await saveGapMark(database, organizationId, agent.id, {
    topicId: body.topicId,
    kind: 'answered',
    questions,
    by: body.by ?? DEFAULT_BY,
    datasourceId: datasource.id,
  });
  return {
    topicId: body.topicId,
    datasourceId: datasource.id,
    status,
    answered: { by: mark.by, at: mark.at, datasourceId: datasource.id },
  };
}

/**
 * `POST /api/insights/gaps/hide`: the topic is not relevant; it and the topics its
 * questions join later (look-alikes) are left out of the list.
 */
export async function hideGapTopic(
  database: Database,
  organizationId: string,
  body: GapHideBody,
): Promise<GapHideResponse> {
  await getAgent(database, organizationId, body.agentId);
  await saveGapMark(database, organizationId, body.agentId, {
    topicId: body.topicId,
    kind: 'hidden',
    questions: distinct(body.questions),
    by: body.by ?? DEFAULT_BY,
    datasourceId: null,
  });
  return { topicId: body.topicId, hidden: true };
}

/**
 * `POST /api/insights/gaps/unhide`: shows a hidden topic of a range again — the hides it
 * carries (its own, and those of the topics it looks like) are withdrawn, so it and its
 * look-alikes are listed again (answered, if it was). 404 when no topic of that id is
 * hidden in the range.
 */
export async function unhideGapTopic(
  context: GapTopicsContext,
  organizationId: string,
  body: GapUnhideBody,
  now: number,
): Promise<GapUnhideResponse> {
  await getAgent(context.database, organizationId, body.agentId);
  const topic = await findHiddenTopic(context, organizationId, body, now);
  await deleteHiddenMarks(context.database, organizationId, body.agentId, topic.markIds);
  return { topicId: body.topicId, hidden: false };
}
