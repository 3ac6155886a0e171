import { signal } from '@preact/signals';
import { describe, expect, it } from 'vitest';
import { runAction } from './run-action.js';

function deferred() {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((onResolve, onReject) => {
    resolve = onResolve;
    reject = onReject;
  });
  return { promise, resolve, reject };
}

describe('runAction', () => {
  it('is pending while the work runs, clears the last error, and resolves true when done', async () => {
    const state = { pending: signal(false), error: signal<string | undefined>('old failure') };
    const work = deferred();
    const running = runAction(state, 'Not saved', () => work.promise);
    expect(state.pending.value).toBe(true);
    expect(state.error.value).toBeUndefined();
    work.resolve();
    expect(await running).toBe(true);
    expect(state.pending.value).toBe(false);
    expect(state.error.value).toBeUndefined();
  });

  it('says what failed and why, and resolves false', async () => {
    const state = { pending: signal(false), error: signal<string | undefined>(undefined) };
    const done = await runAction(state, 'The agent was not saved', async () => {
      throw new Error('The server answered 500.');
    });
    expect(done).toBe(false);
    expect(state.error.value).toBe('The agent was not saved: The server answered 500.');
    expect(state.pending.value).toBe(false);
    expect(await runAction(state, 'Again', () => Promise.reject('plain text'))).toBe(false);
    expect(state.error.value).toBe('Again: plain text');
  });

  it('ignores the action while it runs: the work does not start twice', async () => {
    const state = { pending: signal(false), error: signal<string | undefined>(undefined) };
    const work = deferred();
    let started = 0;
    const first = runAction(state, 'Not saved', () => {
      started += 1;
      return work.promise;
    });
    expect(
      await runAction(state, 'Not saved', async () => {
        started += 1;
      }),
    ).toBe(false);
    expect(state.pending.value).toBe(true);
    work.reject(new Error('gone'));
    expect(await first).toBe(false);
    expect(started).toBe(1);
    expect(state.error.value).toBe('Not saved: gone');
  });
});
