/**
 * Vitest setup file (root `vite.config.ts`, every project): a Node process warning
 * (MaxListenersExceededWarning, DeprecationWarning, an unhandled-rejection warning…) fails the
 * test during which it was emitted, or the file when it came while loading or after its tests. Warnings are
 * symptoms — a leaked listener, a deprecated call — that a passing run would otherwise only
 * print to stderr.
 *
 * An expected warning goes in {@link ALLOWED_WARNINGS} with the reason it is harmless.
 */
import { afterAll, afterEach, beforeAll } from 'vitest';

/** Known-harmless warnings: `name` (and `code`, when set) must match. None so far. */
export const ALLOWED_WARNINGS: readonly { name: string; code?: string; why: string }[] = [];

const isAllowed = (warning: Error & { code?: string }): boolean =>
  ALLOWED_WARNINGS.some(
    (allowed) =>
      allowed.name === warning.name &&
      (allowed.code === undefined || allowed.code === warning.code),
  );

const pending: Error[] = [];
const record = (warning: Error): void => {
  if (!isAllowed(warning)) pending.push(warning);
};
process.on('warning', record);

// `process.emitWarning` emits on the next tick: let a warning caused at the end of a test land.
const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

function failOnPending(where: string): void {
  if (pending.length === 0) return;
  const warnings = pending.splice(0);
  const details = warnings.map((warning) => warning.stack ?? `${warning.name}: ${warning.message}`);
  throw new Error(
    `${warnings.length} unexpected Node warning(s) ${where}:\n${details.join('\n')}\n` +
      'Fix the cause, or allow it in testing/fail-on-warnings.ts with the reason it is harmless.',
  );
}

beforeAll(async () => {
  await nextTurn();
  failOnPending('while this file loaded');
});

afterEach(async () => {
  await nextTurn();
  failOnPending('during this test');
});

afterAll(async () => {
  await nextTurn();
  process.off('warning', record);
  failOnPending('in this file, outside its tests');
});
