import { useEffect } from 'preact/hooks';
import type { AgentsModel } from '../models/agents-model.js';
import { AgentForm } from './agent-form.js';
import { ConfirmDialog } from './confirm-dialog.js';
import { EmbedPanel } from './embed-panel.js';
import { ErrorAlert } from './error-alert.js';
import { IntegrationsPanel } from './integrations-panel.js';
import { Pager } from './pager.js';

/**
 * Agents: the list, the create/edit form, deletion with confirmation, embed and preview,
 * and each agent's Slack and Discord connections.
 */
export function AgentsPage({ model, baseUrl }: { model: AgentsModel; baseUrl: string }) {
  useEffect(() => {
    void model.load();
  }, [model]);
  const draft = model.draft.value;
  const embedded = model.embedded.value;
  const integrations = model.integrations.value;
  const confirming = model.confirmingDelete.value;
  const { list } = model;
  return (
    <>
      <div class="section-head">
        <h1>Agents</h1>
        <button type="button" onClick={() => model.startCreate()}>
          New agent
        </button>
      </div>
      {draft ? <AgentForm key={draft.id ?? 'new'} model={model} initial={draft} /> : null}
      <ErrorAlert message={model.listError.value} onRetry={() => void model.load()} />
      <div class="table-wrap">
        <table aria-busy={model.loading.value ? 'true' : undefined}>
          <caption class="visually-hidden">Agents</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Model</th>
              <th scope="col">Visibility</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {list.pageItems.value.map((agent) => (
              <tr key={agent.id}>
                <th scope="row">
                  {agent.name}
                  <span class="muted block">{agent.id}</span>
                </th>
                <td>{agent.modelName}</td>
                <td>{agent.visibility}</td>
                <td>
                  <div class="actions tight">
                    <button type="button" class="secondary" onClick={() => model.startEdit(agent)}>
                      Edit<span class="visually-hidden"> {agent.name}</span>
                    </button>
                    <button type="button" class="secondary" onClick={() => model.showEmbed(agent)}>
                      Embed<span class="visually-hidden"> {agent.name}</span>
                    </button>
                    <button
                      type="button"
                      class="secondary"
                      onClick={() => model.showIntegrations(agent)}
                    >
                      Slack and Discord<span class="visually-hidden"> for {agent.name}</span>
                    </button>
                    <button
                      type="button"
                      class="secondary danger-text"
                      onClick={() => model.askDelete(agent)}
                    >
                      Delete<span class="visually-hidden"> {agent.name}</span>
                    </button>
                  </div>
                </td>
              </tr>
            ))}
            {list.items.value.length === 0 && !model.loading.value ? (
              <tr>
                <td colSpan={4}>No agents yet.</td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
      <Pager label="Agents pages" list={list} />
      {embedded ? (
        <EmbedPanel
          key={embedded.id}
          agent={embedded}
          baseUrl={baseUrl}
          onClose={() => model.showEmbed(undefined)}
        />
      ) : null}
      {integrations ? (
        <IntegrationsPanel
          key={integrations.agent.id}
          model={integrations}
          baseUrl={baseUrl}
          onClose={() => model.showIntegrations(undefined)}
        />
      ) : null}
      {confirming ? (
        <ConfirmDialog
          title={`Delete ${confirming.name}?`}
          confirmLabel="Delete agent"
          busy={model.deleting.value}
          error={model.deleteError.value}
          onConfirm={() => void model.confirmDelete()}
          onCancel={() => model.askDelete(undefined)}
        >
          <p>
            The agent and its settings are deleted. Sites embedding it stop answering. This cannot
            be undone.
          </p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
