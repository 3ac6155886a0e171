import type { ConsoleModel } from '../models/console-model.js';
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
      <header class="top">
        <span class="brand">agent-chat console</span>
        <button type="button" class="secondary" onClick={() => void session.signOut()}>
          Sign out
        </button>
      </header>
      <main id="main" class="page">
        <h1>Signed in</h1>
        <p>Session valid until {new Date(session.expiresAt.value ?? '').toLocaleString()}.</p>
      </main>
    </div>
  );
}
