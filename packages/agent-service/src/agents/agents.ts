import {
  type Agent,
  type AgentCreateBody,
  type AgentUpdateBody,
  type ContactCaptureSettings,
  DEFAULT_CONTACT_CAPTURE,
} from '@agent-chat/protocol';
import { notFound } from '../agent-service-error.js';
import { createId, type Queryable } from '../store/index.js';

interface AgentRow {
  id: string;
  name: string;
  description: string;
  model_name: Agent['modelName'];
  temperature: number;
  visibility: Agent['visibility'];
  system_prompt: string | null;
  user_prompt: string | null;
  prompt_type: Agent['promptType'];
  prompt_template: string | null;
  datastore_ids: string[] | null;
  handoff_enabled: boolean;
  contact_capture: ContactCaptureSettings | string | null;
}

const select = `SELECT a.id, a.name, a.description, a.model_name, a.temperature, a.visibility,
  a.system_prompt, a.user_prompt, a.prompt_type, a.prompt_template, a.handoff_enabled,
  a.contact_capture,
  ARRAY(SELECT l.datastore_id FROM agent_datastores l WHERE l.agent_id = a.id
        ORDER BY l.datastore_id) AS datastore_ids
  FROM agents a`;

function toAgent(row: AgentRow): Agent {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    modelName: row.model_name,
    temperature: Number(row.temperature),
    visibility: row.visibility,
    systemPrompt: row.system_prompt,
    userPrompt: row.user_prompt,
    promptType: row.prompt_type,
    promptTemplate: row.prompt_template,
    datastoreIds: row.datastore_ids ?? [],
    handoffEnabled: row.handoff_enabled,
    contactCapture: contactCaptureOf(row.contact_capture),
  };
}

/** The stored settings, or a copy of the defaults for an agent that never set them. */
function contactCaptureOf(stored: ContactCaptureSettings | string | null): ContactCaptureSettings {
  if (stored === null) {
    return {
      ...DEFAULT_CONTACT_CAPTURE,
      triggers: [...DEFAULT_CONTACT_CAPTURE.triggers],
      fields: { ...DEFAULT_CONTACT_CAPTURE.fields },
    };
  }
  return typeof stored === 'string' ? (JSON.parse(stored) as ContactCaptureSettings) : stored;
}

async function linkDatastores(
  database: Queryable,
  organizationId: string,
  agentId: string,
  datastoreIds: readonly string[],
): Promise<void> {
  const unique = [...new Set(datastoreIds)];
  const found = await database.query<{ id: string }>(
    'SELECT id FROM datastores WHERE organization_id = $1 AND id = ANY($2::text[])',
    [organizationId, unique],
  );
  const known = new Set(found.map((row) => row.id));
  const missing = unique.find((id) => !known.has(id));
  if (missing !== undefined) throw notFound('Datastore', missing);
  await database.query('DELETE FROM agent_datastores WHERE agent_id = $1', [agentId]);
  if (unique.length > 0) {
    await database.query(
      `INSERT INTO agent_datastores (agent_id, datastore_id)
       SELECT $1, unnest($2::text[])`,
      [agentId, unique],
    );
  }
}

/** The organization's agents, oldest first. */
export async function listAgents(database: Queryable, organizationId: string): Promise<Agent[]> {
  const rows = await database.query<AgentRow>(
    `${select} WHERE a.organization_id = $1 ORDER BY a.seq`,
    [organizationId],
  );
  return rows.map(toAgent);
}

/** One agent of the organization; throws NOT_FOUND otherwise (also for other orgs'). */
export async function getAgent(
  database: Queryable,
  organizationId: string,
  agentId: string,
): Promise<Agent> {
  const rows = await database.query<AgentRow>(
    `${select} WHERE a.organization_id = $1 AND a.id = $2`,
    [organizationId, agentId],
  );
  if (!rows[0]) throw notFound('Agent', agentId);
  return toAgent(rows[0]);
}

/**
 * Creates an agent linked to `body.datastoreIds` (each must be the organization's). Run it
 * in a transaction: a missing datastore throws after the insert.
 */
export async function createAgent(
  database: Queryable,
  organizationId: string,
  body: AgentCreateBody,
  id: string = createId(),
): Promise<Agent> {
  await database.query(
    `INSERT INTO agents (id, organization_id, name, description, model_name, temperature,
       visibility, system_prompt, user_prompt, prompt_type, prompt_template, handoff_enabled,
       contact_capture)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13::jsonb)`,
    [
      id,
      organizationId,
      body.name,
      body.description ?? '',
      body.modelName ?? 'gpt_3_5_turbo',
      body.temperature ?? 0,
      body.visibility ?? 'private',
      body.systemPrompt ?? null,
      body.userPrompt ?? null,
      body.promptType ?? 'customer_support',
      body.promptTemplate ?? null,
      body.handoffEnabled ?? false,
      body.contactCapture === undefined ? null : JSON.stringify(body.contactCapture),
    ],
  );
  await linkDatastores(database, organizationId, id, body.datastoreIds ?? []);
  return getAgent(database, organizationId, id);
}

/** Updates the fields present in `body` (`null` clears a prompt); run it in a transaction. */
export async function updateAgent(
  database: Queryable,
  organizationId: string,
  agentId: string,
  body: AgentUpdateBody,
): Promise<Agent> {
  const assignments: string[] = [];
  const params: unknown[] = [organizationId, agentId];
  const fields: [keyof AgentUpdateBody, string][] = [
    ['name', 'name'],
    ['description', 'description'],
    ['modelName', 'model_name'],
    ['temperature', 'temperature'],
    ['visibility', 'visibility'],
    ['systemPrompt', 'system_prompt'],
    ['userPrompt', 'user_prompt'],
    ['promptType', 'prompt_type'],
    ['promptTemplate', 'prompt_template'],
    ['handoffEnabled', 'handoff_enabled'],
  ];
  for (const [field, column] of fields) {
    if (body[field] === undefined) continue;
    params.push(body[field]);
    assignments.push(`${column} = $${params.length}`);
  }
  if (body.contactCapture !== undefined) {
    params.push(JSON.stringify(body.contactCapture));
    assignments.push(`contact_capture = $${params.length}::jsonb`);
  }
  assignments.push('updated_at = now()');
  const rows = await database.query(
    `UPDATE agents SET ${assignments.join(', ')} WHERE organization_id = $1 AND id = $2 RETURNING id`,
    params,
  );
  if (rows.length === 0) throw notFound('Agent', agentId);
  if (body.datastoreIds !== undefined) {
    await linkDatastores(database, organizationId, agentId, body.datastoreIds);
  }
  return getAgent(database, organizationId, agentId);
}

/** Deletes an agent (its conversations stay, unlinked); returns it as it was. */
export async function deleteAgent(
  database: Queryable,
  organizationId: string,
  agentId: string,
): Promise<Agent> {
  const agent = await getAgent(database, organizationId, agentId);
  await database.query('DELETE FROM agents WHERE organization_id = $1 AND id = $2', [
    organizationId,
    agentId,
  ]);
  return agent;
}
