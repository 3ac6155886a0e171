import { type ReadonlySignal, signal } from '@preact/signals';
import { type ApiClient, ConsoleApiError } from './api-client.js';

/** Where the operator stands: being checked, signed out, or signed in. */
export type SessionStatus = 'checking' | 'signed-out' | 'signing-in' | 'signed-in';

/** The sign-in state of the console. */
export interface SessionModel {
  status: ReadonlySignal<SessionStatus>;
  /** The last sign-in error, shown next to the form. */
  error: ReadonlySignal<string | undefined>;
  /** When the session ends (ISO 8601). */
  expiresAt: ReadonlySignal<string | undefined>;
  /** Who the session acts as (the name given at sign-in): recorded with answers written here. */
  operator: ReadonlySignal<string | undefined>;
  /** Asks the server whether the session cookie is still valid. */
  check(): Promise<void>;
  /**
   * Exchanges the admin token for a session cookie, acting as `name` when given. The token
   * is sent once and never stored; a second call while one runs does nothing.
   */
  signIn(token: string, name?: string): Promise<void>;
  signOut(): Promise<void>;
  /** Called when any call answers 401: the session has ended. */
  expired(): void;
}

interface SessionAnswer {
  csrfToken: string;
  expiresAt: string;
  operator?: string;
}

/** Creates the session model over the console's API client. */
export function createSessionModel(api: ApiClient): SessionModel {
  const status = signal<SessionStatus>('checking');
  const error = signal<string | undefined>(undefined);
  const expiresAt = signal<string | undefined>(undefined);
  const operator = signal<string | undefined>(undefined);

  function accept(answer: SessionAnswer): void {
    api.setCsrfToken(answer.csrfToken);
    expiresAt.value = answer.expiresAt;
    operator.value = answer.operator;
    error.value = undefined;
    status.value = 'signed-in';
  }

  function signedOut(message?: string): void {
    api.setCsrfToken(undefined);
    expiresAt.value = undefined;
    operator.value = undefined;
    error.value = message;
    status.value = 'signed-out';
  }

  return {
    status,
    error,
    expiresAt,
    operator,
    async check() {
      try {
        accept(await api.request<SessionAnswer>('GET', 'admin/api/session'));
      } catch (failure) {
        signedOut(
          failure instanceof ConsoleApiError && failure.status === 401
            ? undefined
            : messageOf(failure),
        );
      }
    },
    async signIn(token, name) {
      if (status.value === 'signing-in') return;
      if (token.trim() === '') {
        error.value = 'Enter the admin token.';
        return;
      }
      status.value = 'signing-in';
      error.value = undefined;
      try {
        const named = name?.trim() ? { name: name.trim() } : {};
        accept(await api.request<SessionAnswer>('POST', 'admin/api/session', { token, ...named }));
      } catch (failure) {
        signedOut(messageOf(failure));
      }
    },
    async signOut() {
      try {
        await api.request('DELETE', 'admin/api/session');
      } finally {
        signedOut();
      }
    },
    expired() {
      signedOut('Your session has expired; sign in again.');
    },
  };
}

/** The message of a failure, for the place it happened. */
export function messageOf(failure: unknown): string {
  return failure instanceof Error ? failure.message : String(failure);
}
