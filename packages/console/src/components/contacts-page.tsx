import { useEffect, useState } from 'preact/hooks';
import type { AgentsModel } from '../models/agents-model.js';
import type { ContactSearch, ContactsModel } from '../models/contacts-model.js';
import { AgentFilter } from './agent-filter.js';
import { ConfirmDialog } from './confirm-dialog.js';
import { formatTime } from './conversation-parts.js';
import { ErrorAlert } from './error-alert.js';

/** Props of {@link ContactsPage}. */
export interface ContactsPageProps {
  model: ContactsModel;
  /** For the agent filter and the agents' names. */
  agents: AgentsModel;
}

/** Saves the CSV of every match: fetched with the session's header, then downloaded. */
function ExportButton({ model }: { model: ContactsModel }) {
  const exporting = model.exporting.value;
  async function run() {
    const file = await model.exportCsv();
    if (!file) return;
    const url = URL.createObjectURL(file.blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = file.name;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  }
  return (
    <div class="export" aria-live="polite">
      <button
        type="button"
        class="secondary"
        disabled={exporting}
        aria-busy={exporting ? 'true' : undefined}
        onClick={() => void run()}
      >
        {exporting ? 'Downloading CSV…' : 'Download CSV'}
      </button>
      <ErrorAlert message={model.exportError.value} />
    </div>
  );
}

/**
 * Contacts visitors left for a person to reply: search (email, name, phone) and agent,
 * pages, the CSV of every match, and erasure (with the visitor's conversations with the
 * agent) after a confirmation.
 */
export function ContactsPage({ model, agents }: ContactsPageProps) {
  const [draft, setDraft] = useState<ContactSearch>(model.search.value);
  useEffect(() => {
    void model.reload();
    if (agents.list.items.value.length === 0) void agents.load();
  }, [model]);
  const agentList = agents.list.items.value;
  const agentNames = new Map(agentList.map((agent) => [agent.id, agent.name]));
  const items = model.items.value;
  const loading = model.loading.value;
  const confirming = model.confirmingErase.value;
  return (
    <>
      <div class="section-head">
        <h1>Contacts</h1>
        <ExportButton model={model} />
      </div>
      <form
        class="card conversation-filters"
        aria-label="Search contacts"
        onSubmit={(event) => {
          event.preventDefault();
          void model.applySearch(draft);
        }}
      >
        <div class="row">
          <div class="filter-search">
            <label for="contact-q">Email, name or phone</label>
            <input
              id="contact-q"
              type="search"
              value={draft.q}
              maxLength={500}
              onInput={(event) => setDraft({ ...draft, q: event.currentTarget.value })}
            />
          </div>
          <AgentFilter
            id="contact-agent"
            agents={agentList}
            value={draft.agentId}
            onChange={(agentId) => setDraft({ ...draft, agentId })}
          />
        </div>
        <div class="actions">
          <button type="submit" disabled={loading}>
            Search
          </button>
        </div>
      </form>
      {model.erased.value ? (
        <p class="muted" role="status">
          {model.erased.value}
        </p>
      ) : null}
      <ErrorAlert message={model.listError.value} onRetry={() => void model.reload()} />
      <div class="table-wrap">
        <table aria-busy={loading ? 'true' : undefined}>
          <caption class="visually-hidden">Contacts</caption>
          <thead>
            <tr>
              <th scope="col">Email</th>
              <th scope="col">Name</th>
              <th scope="col">Phone</th>
              <th scope="col">Agent</th>
              <th scope="col">Updated</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {items.map((contact) => (
              <tr key={contact.id}>
                <th scope="row">{contact.email}</th>
                <td>{contact.name ?? ''}</td>
                <td>{contact.phone ?? ''}</td>
                <td>{agentNames.get(contact.agentId) ?? contact.agentId}</td>
                <td>
                  <time dateTime={contact.updatedAt}>{formatTime(contact.updatedAt)}</time>
                </td>
                <td>
                  <div class="actions tight">
                    {contact.conversationId ? (
                      <a href={`#conversations/${encodeURIComponent(contact.conversationId)}`}>
                        Conversation<span class="visually-hidden"> of {contact.email}</span>
                      </a>
                    ) : null}
                    <button type="button" class="danger" onClick={() => model.askErase(contact)}>
                      Erase<span class="visually-hidden"> {contact.email}</span>
                    </button>
                  </div>
                </td>
              </tr>
            ))}
            {items.length === 0 && !loading && !model.listError.value ? (
              <tr>
                <td colSpan={6}>No contacts match.</td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
      {model.page.value > 0 || model.hasNext.value ? (
        <nav class="pager" aria-label="Contact pages">
          <button
            type="button"
            class="secondary"
            disabled={model.page.value === 0 || loading}
            onClick={() => void model.previous()}
          >
            Newer
          </button>
          <span aria-live="polite">Page {model.page.value + 1}</span>
          <button
            type="button"
            class="secondary"
            disabled={!model.hasNext.value || loading}
            onClick={() => void model.next()}
          >
            Older
          </button>
        </nav>
      ) : null}
      {confirming ? (
        <ConfirmDialog
          title={`Erase ${confirming.email}?`}
          confirmLabel="Erase contact and conversations"
          busy={model.erasing.value}
          error={model.eraseError.value}
          onConfirm={() => void model.confirmErase()}
          onCancel={() => model.askErase(undefined)}
        >
          <p>
            This erases the contact and every conversation of this visitor with{' '}
            {agentNames.get(confirming.agentId) ?? confirming.agentId}, messages included. It cannot
            be undone.
          </p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
