import type { Queryable } from '../store/index.js';

/** An agent as a list of models shows it: id, name and when it was created. */
export interface AgentSummary {
  id: string;
  name: string;
  /** Unix time of its creation, in seconds. */
  createdSeconds: number;
}

/**
 * The organization's agents in creation order, or only `agentId` (none when it is not
 * the organization's), as the OpenAI-compatible models endpoints list them.
 */
export async function listAgentSummaries(
  database: Queryable,
  organizationId: string,
  agentId?: string,
): Promise<AgentSummary[]> {
  const rows = await database.query<{ id: string; name: string; created: number }>(
    `SELECT id, name, floor(extract(epoch FROM created_at))::float8 AS created FROM agents
     WHERE organization_id = $1 AND ($2::text IS NULL OR id = $2) ORDER BY seq`,
    [organizationId, agentId ?? null],
  );
  return rows.map((row) => ({ id: row.id, name: row.name, createdSeconds: Number(row.created) }));
}
