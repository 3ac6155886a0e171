import { useRef } from 'preact/hooks';
import type { SessionModel } from '../models/session-model.js';
import { ErrorAlert } from './error-alert.js';

/**
 * The sign-in form: the admin token goes to the server once, in a password field the
 * form clears right after; the page keeps only the session's CSRF token.
 */
export function SignInForm({ session }: { session: SessionModel }) {
  const input = useRef<HTMLInputElement>(null);
  const name = useRef<HTMLInputElement>(null);
  const busy = session.status.value === 'signing-in';
  const error = session.error.value;
  return (
    <main class="sign-in">
      <h1>agent-chat console</h1>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          const field = input.current;
          if (!field) return;
          const token = field.value;
          void session.signIn(token, name.current?.value).then(() => {
            if (session.status.value === 'signed-in') field.value = '';
            else field.focus();
          });
        }}
      >
        <label for="admin-token">Admin token</label>
        <input
          id="admin-token"
          ref={input}
          type="password"
          name="token"
          autocomplete="current-password"
          required
          aria-invalid={error ? 'true' : undefined}
          aria-describedby={error ? 'sign-in-error' : undefined}
        />
        <label for="operator-name">Your name (optional)</label>
        <input
          id="operator-name"
          ref={name}
          name="name"
          autocomplete="name"
          maxLength={100}
          aria-describedby="operator-name-hint"
        />
        <p id="operator-name-hint" class="muted">
          Recorded with what you do here, e.g. as who answered a content gap.
        </p>
        <ErrorAlert id="sign-in-error" message={error} />
        <button type="submit" disabled={busy} aria-busy={busy ? 'true' : undefined}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </main>
  );
}
