/**
 * The operator console: the built Preact app served at `admin/`, and its sign-in, which
 * exchanges the admin token for a signed httpOnly session cookie checked (with a CSRF
 * header and a same-origin `Origin`) by the admin routes.
 */
export { type ConsoleSession, operatorOf } from './console-session.js';
export { createConsole } from './create-console.js';
