import { ID_PATTERN } from '@agent-chat/protocol';
import { describe, expect, it } from 'vitest';
import { createId } from './create-id.js';

describe('createId', () => {
  it('makes unique ids of the protocol shape, across refills of its random pool', () => {
    const ids = Array.from({ length: 2_000 }, () => createId());
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(ID_PATTERN);
    // Random parts differ between consecutive ids (not one pool slice reused).
    const suffixes = new Set(ids.map((id) => id.slice(-12)));
    expect(suffixes.size).toBe(ids.length);
  });
});
