import type { Agent, QueryFilters } from '@agent-chat/protocol';
import { forbidden } from '../agent-service-error.js';

/**
 * The datastores a query of `agent` searches: the agent's own, or those of them that
 * `filters.datastore_ids` names (Chaindesk's filter; an empty list restricts nothing).
 * A named datastore the agent does not have is refused with 403 `FORBIDDEN`, as the hosted
 * service does, before anything is read or counted.
 *
 * @example
 * searchedDatastores(agent, { datastore_ids: ['faq'] }); // ['faq'] when the agent has it
 */
export function searchedDatastores(agent: Agent, filters: QueryFilters | undefined): string[] {
  const own = agent.datastoreIds ?? [];
  const named = filters?.datastore_ids ?? [];
  if (named.length === 0) return [...own];
  const missing = named.find((id) => !own.includes(id));
  if (missing !== undefined) {
    throw forbidden(
      `Agent "${agent.id}" does not answer from datastore "${missing}": filters.datastore_ids may name only the agent's datastores.`,
    );
  }
  return own.filter((id) => named.includes(id));
}
