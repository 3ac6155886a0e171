import { createId, type Queryable } from '../store/index.js';

/** What an owner did with a topic: answered it, or hid it as not relevant. */
export interface GapMark {
  id: string;
  topicId: string;
  kind: 'answered' | 'hidden';
  /** The topic's questions when it was marked: grouped with the gaps, they carry the mark. */
  questions: string[];
  by: string;
  /** ISO 8601. */
  at: string;
  /** `answered`: the Q&A datasource of the answer. */
  datasourceId: string | null;
}

interface MarkRow {
  id: string;
  topic_id: string;
  kind: 'answered' | 'hidden';
  questions: string[];
  marked_by: string;
  datasource_id: string | null;
  created_at: Date | string;
}

/** Records a mark on one of an agent's topics (migration 19). */
export async function saveGapMark(
  database: Queryable,
  organizationId: string,
  agentId: string,
  mark: Omit<GapMark, 'id' | 'at'>,
): Promise<GapMark> {
  const [row] = await database.query<MarkRow>(
    `INSERT INTO gap_marks (organization_id, id, agent_id, topic_id, kind, questions, marked_by, datasource_id)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8) RETURNING *`,
    [
      organizationId,
      createId(),
      agentId,
      mark.topicId,
      mark.kind,
      JSON.stringify(mark.questions),
      mark.by,
      mark.datasourceId,
    ],
  );
  return toMark(row as MarkRow);
}

/** An agent's marks, oldest first. */
export async function listGapMarks(
  database: Queryable,
  organizationId: string,
  agentId: string,
): Promise<GapMark[]> {
  const rows = await database.query<MarkRow>(
    `SELECT * FROM gap_marks WHERE organization_id = $1 AND agent_id = $2
     ORDER BY created_at, id`,
    [organizationId, agentId],
  );
  return rows.map(toMark);
}

function toMark(row: MarkRow): GapMark {
  return {
    id: row.id,
    topicId: row.topic_id,
    kind: row.kind,
    questions: row.questions,
    by: row.marked_by,
    at: new Date(row.created_at).toISOString(),
    datasourceId: row.datasource_id,
  };
}

/** Withdraws marks of an agent (`hidden` ones only: an answer stays answered). Returns how many. */
export async function deleteHiddenMarks(
  database: Queryable,
  organizationId: string,
  agentId: string,
  markIds: readonly string[],
): Promise<number> {
  const rows = await database.query<{ id: string }>(
    `DELETE FROM gap_marks WHERE organization_id = $1 AND agent_id = $2 AND kind = 'hidden'
       AND id = ANY($3::text[]) RETURNING id`,
    [organizationId, agentId, [...markIds]],
  );
  return rows.length;
}
