/**
 * Vitest's `beforeAll` and `afterAll`, with one difference: a suite's `afterAll` first waits for
 * the suite's `beforeAll` set-ups to settle, so it closes what they opened even when a set-up
 * outlived its hook timeout.
 *
 * Why: Vitest does not stop a hook that times out. The set-up goes on (an agent service
 * starting on a starved machine, then the servers in front of it) while the suite is reported
 * failed and its `afterAll` runs on variables still unset; what the set-up then opens is
 * never closed. In an isolated worker that ends with the file; in a shared one (`isolate:
 * false`) the next files inherit the listening servers and the CPU they use
 * (docs/benchmarks.md, CI time, fifth session). Should the `afterAll` itself time out while it
 * waits, its body still runs once the set-up has settled.
 *
 * Import these instead of Vitest's in a file whose set-up opens servers, processes or
 * browsers; the signatures are Vitest's, without the hook's arguments.
 *
 * @example
 * import { afterAll, beforeAll } from '../../../testing/set-up-hooks.js';
 * beforeAll(async () => { service = await startAgentService({ … }); });
 * afterAll(async () => { await service?.close(); });
 */
import { TestRunner, afterAll as vitestAfterAll, beforeAll as vitestBeforeAll } from 'vitest';

/** A hook's body (the repository's hooks use neither Vitest's fixtures nor its suite argument). */
type Hook = () => unknown;

/** The `beforeAll` set-ups still running or done, per suite being collected. */
const setUpsBySuite = new WeakMap<object, Promise<unknown>[]>();

function setUpsOf(suite: object): Promise<unknown>[] {
  let setUps = setUpsBySuite.get(suite);
  if (!setUps) {
    setUps = [];
    setUpsBySuite.set(suite, setUps);
  }
  return setUps;
}

/** Vitest's `beforeAll`; the suite's {@link afterAll} hooks wait for it to settle. */
export function beforeAll(fn: Hook, timeout?: number): void {
  const setUps = setUpsOf(TestRunner.getCurrentSuite());
  vitestBeforeAll(() => {
    const setUp = Promise.resolve().then(fn);
    setUps.push(setUp);
    return setUp;
  }, timeout);
}

/** Vitest's `afterAll`, run once the suite's {@link beforeAll} set-ups have settled. */
export function afterAll(fn: Hook, timeout?: number): void {
  const setUps = setUpsOf(TestRunner.getCurrentSuite());
  vitestAfterAll(async () => {
    await Promise.allSettled(setUps);
    await fn();
  }, timeout);
}
