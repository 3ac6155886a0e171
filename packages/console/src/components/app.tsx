import type { ConsoleModel } from '../models/console-model.js';
import { AgentsPage } from './agents-page.js';
import { ContactsPage } from './contacts-page.js';
import { ConversationsPage } from './conversations-page.js';
import { DeliveriesPage } from './deliveries-page.js';
import { InsightsPage } from './insights-page.js';
import { KnowledgePage } from './knowledge-page.js';
import { PlaygroundPage } from './playground-page.js';
import { SignInForm } from './sign-in-form.js';

/** The console: the sign-in form, or the signed-in shell with its pages. */
export function App({ model }: { model: ConsoleModel }) {
  const { session } = model;
  const status = session.status.value;
  if (status === 'checking') {
    return (
      <main class="sign-in" aria-busy="true">
        <p>Loading…</p>
      </main>
    );
  }
  if (status !== 'signed-in') return <SignInForm session={session} />;
  return (
    <div class="shell">
      <a class="skip" href="#main">
        Skip to content
      </a>
      <header class="top">
        <span class="brand">agent-chat console</span>
        <nav aria-label="Console">
          <a href="#agents" aria-current={model.page.value === 'agents' ? 'page' : undefined}>
            Agents
          </a>
          <a href="#knowledge" aria-current={model.page.value === 'knowledge' ? 'page' : undefined}>
            Knowledge
          </a>
          <a
            href="#playground"
            aria-current={model.page.value === 'playground' ? 'page' : undefined}
          >
            Playground
          </a>
          <a
            href="#conversations"
            aria-current={model.page.value === 'conversations' ? 'page' : undefined}
          >
            Conversations
          </a>
          <a href="#contacts" aria-current={model.page.value === 'contacts' ? 'page' : undefined}>
            Contacts
          </a>
          <a href="#insights" aria-current={model.page.value === 'insights' ? 'page' : undefined}>
            Insights
          </a>
          <a
            href="#deliveries"
            aria-current={model.page.value === 'deliveries' ? 'page' : undefined}
          >
            Deliveries
          </a>
        </nav>
        {session.operator.value ? <span class="muted">{session.operator.value}</span> : null}
        <button type="button" class="secondary" onClick={() => void session.signOut()}>
          Sign out
        </button>
      </header>
      <main id="main" class="page" tabIndex={-1}>
        {model.page.value === 'knowledge' ? (
          <KnowledgePage model={model.knowledge} />
        ) : model.page.value === 'playground' ? (
          <PlaygroundPage model={model.playground} />
        ) : model.page.value === 'deliveries' ? (
          <DeliveriesPage model={model.deliveries} />
        ) : model.page.value === 'insights' ? (
          <InsightsPage
            model={model.insights}
            agents={model.agents}
            topics={model.gapTopics}
            openItem={model.item.value}
          />
        ) : model.page.value === 'contacts' ? (
          <ContactsPage model={model.contacts} agents={model.agents} />
        ) : model.page.value === 'conversations' ? (
          <ConversationsPage
            model={model.conversations}
            agents={model.agents}
            openId={model.item.value}
          />
        ) : (
          <AgentsPage model={model.agents} baseUrl={model.baseUrl} />
        )}
      </main>
    </div>
  );
}
