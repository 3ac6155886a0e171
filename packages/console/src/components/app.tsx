import type { ConsoleModel } from '../models/console-model.js';
import { AgentsPage } from './agents-page.js';
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
        </nav>
        <button type="button" class="secondary" onClick={() => void session.signOut()}>
          Sign out
        </button>
      </header>
      <main id="main" class="page" tabIndex={-1}>
        {model.page.value === 'knowledge' ? <KnowledgePage model={model.knowledge} /> : null}
        {model.page.value === 'playground' ? <PlaygroundPage model={model.playground} /> : null}
        {model.page.value === 'agents' ? (
          <AgentsPage model={model.agents} baseUrl={model.baseUrl} />
        ) : null}
      </main>
    </div>
  );
}
