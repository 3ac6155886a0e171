import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** What a valid session cookie says. */
export interface Session {
  /** Random id of this sign-in; the CSRF token is derived from it. */
  id: string;
  /** Expiry, ms since the epoch. */
  expiresAt: number;
  /** The operator's name given at sign-in (signed with the rest), if any. */
  operator?: string;
}

/** Signs and checks session cookie values and derives their CSRF tokens. */
export interface SessionTokens {
  /** A new session valid for `ttlMs` from `now` (of `operator`, if named), and its signed cookie value. */
  issue(now: number, operator?: string): { session: Session; value: string };
  /** The session of a cookie value, or `undefined` when it is malformed, tampered or expired. */
  verify(value: string | undefined, now: number): Session | undefined;
  /** The CSRF token of a session: an HMAC of its id, so the server keeps no state. */
  csrfToken(session: Session): string;
  /** True when `given` is the CSRF token of `session` (constant-time). */
  checkCsrf(session: Session, given: string | undefined): boolean;
}

/** Options of {@link createSessionTokens}. */
export interface SessionTokensOptions {
  /**
   * Signing secret. The key is derived from it and the admin token, so changing either
   * signs every session out.
   */
  secret: string;
  adminToken: string;
  ttlMs: number;
}

/** `<id>.<expiresAt>[.<operator, base64url UTF-8>].<signature>` */
const VALUE =
  /^([A-Za-z0-9_-]{1,64})\.(\d{1,15})(?:\.([A-Za-z0-9_-]{1,400}))?\.([A-Za-z0-9_-]{43})$/;

function equalStrings(a: string, b: string): boolean {
  const left = createHash('sha256').update(a).digest();
  const right = createHash('sha256').update(b).digest();
  return timingSafeEqual(left, right) && a.length === b.length;
}

/**
 * Stateless session cookies for the console: `<id>.<expiresAt>.<HMAC-SHA256>` (base64url),
 * keyed by HMAC(secret, adminToken). No server-side store, so replicas sharing the secret
 * and the admin token accept each other's sessions.
 */
export function createSessionTokens(options: SessionTokensOptions): SessionTokens {
  const key = createHmac('sha256', options.secret)
    .update(`agent-chat console session\n${options.adminToken}`)
    .digest();
  const mac = (label: string, text: string) =>
    createHmac('sha256', key).update(`${label}\n${text}`).digest('base64url');

  return {
    issue(now, operator) {
      const session: Session = {
        id: randomBytes(18).toString('base64url'),
        expiresAt: now + options.ttlMs,
        ...(operator ? { operator } : {}),
      };
      const named = operator ? `.${Buffer.from(operator).toString('base64url')}` : '';
      const payload = `${session.id}.${session.expiresAt}${named}`;
      return { session, value: `${payload}.${mac('session', payload)}` };
    },
    verify(value, now) {
      const match = VALUE.exec(value ?? '');
      if (!match) return undefined;
      const [, id = '', expiry = '', named, signature = ''] = match;
      const payload = named === undefined ? `${id}.${expiry}` : `${id}.${expiry}.${named}`;
      const valid = equalStrings(signature, mac('session', payload));
      const expiresAt = Number(expiry);
      if (!valid || !(expiresAt > now)) return undefined;
      if (named === undefined) return { id, expiresAt };
      return { id, expiresAt, operator: Buffer.from(named, 'base64url').toString('utf8') };
    },
    csrfToken(session) {
      return mac('csrf', session.id);
    },
    checkCsrf(session, given) {
      return typeof given === 'string' && equalStrings(given, mac('csrf', session.id));
    },
  };
}
