import type { createApiClient } from './api-client.js';

/**
 * Seeds the follow-up tests' product datastore (pricing, teams, install: "teams" and
 * "costs" appear in more than one) and an agent on it, through the organization's API.
 * Returns the agent id and each datasource id's document name.
 */
export async function seedFollowUpAgent(
  call: ReturnType<typeof createApiClient>,
): Promise<{ agentId: string; names: Map<string, string> }> {
  const datastoreId = (await call('POST', '/api/datastores', { name: 'Product' })).body.id;
  const documents = [
    {
      name: 'pricing.md',
      text: '# Pricing\n\nThe Starter plan costs $10 a month for one person. For teams it costs $8 per seat a month, billed yearly.',
    },
    {
      name: 'teams.md',
      text: '# Teams\n\nInvite people to your teams from the settings page. Teams share their conversations and teams can have several admins.',
    },
    {
      name: 'install.md',
      text: '# Install\n\nAdd the script tag to your page; it costs nothing to try on your own machine.',
    },
  ];
  const { ids } = (await call('POST', `/api/datastores/upsert/${datastoreId}`, { documents })).body;
  const names = new Map<string, string>(
    documents.map((document, index) => [ids[index], document.name]),
  );
  const agentId = (
    await call('POST', '/api/agents', { name: 'Sales', datastoreIds: [datastoreId] })
  ).body.id;
  return { agentId, names };
}
