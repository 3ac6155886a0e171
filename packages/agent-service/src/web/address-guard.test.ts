import { describe, expect, it } from 'vitest';
import { blockedLiteralError, createGuardedLookup } from './address-guard.js';

const ADVICE = 'private addresses are not fetched (ALLOW_PRIVATE_URLS=true allows them).';

describe('address guard messages', () => {
  it('says which kind of address a refused URL names, in one sentence', () => {
    expect(blockedLiteralError(new URL('http://127.0.0.1:1/page'))?.message).toBe(
      `http://127.0.0.1:1 is a loopback address (127.0.0.1); ${ADVICE}`,
    );
    expect(blockedLiteralError(new URL('http://[::ffff:10.0.0.1]/'))?.message).toBe(
      `http://[::ffff:a00:1] is a private address (10.0.0.1); ${ADVICE}`,
    );
    expect(blockedLiteralError(new URL('http://93.184.216.34/'))).toBeUndefined();
  });

  it('says what a refused name resolves to, in one sentence', async () => {
    const lookup = createGuardedLookup();
    const error = await new Promise<Error | null>((resolve) =>
      lookup('localhost', { all: true }, (failure) => resolve(failure)),
    );
    expect(error?.message).toMatch(
      /^localhost resolves to a loopback address \((127\.0\.0\.1|::1)\); private addresses are not fetched/,
    );
  });
});
