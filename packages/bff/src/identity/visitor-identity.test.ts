import { ID_PATTERN } from '@agent-chat/protocol';
import { describe, expect, it } from 'vitest';
import { createAnswerIdsRewriter } from './answer-ids.js';
import { createVisitorIdentity } from './visitor-identity.js';

const secret = 'a-test-secret-that-is-at-least-32-bytes-long';
const day = 86_400_000;

function identityAt(clock: { now: number }, key = secret) {
  return createVisitorIdentity({ secret: key, maxAgeMs: 30 * day, now: () => clock.now });
}

/** The same string with one character of the signature changed. */
function tamper(value: string, position = value.length - 3): string {
  const swapped = value[position] === 'A' ? 'B' : 'A';
  return value.slice(0, position) + swapped + value.slice(position + 1);
}

describe('visitor tokens', () => {
  const clock = { now: Date.UTC(2026, 10, 23) };
  const identity = identityAt(clock);
  const stranger = identity.visitorOf('demo', undefined);
  const token = identity.tokenFor('demo', stranger.id);

  it('gives a request without a token a new, unverified visitor every time', () => {
    expect(stranger.verified).toBe(false);
    expect(identity.visitorOf('demo', undefined).id).not.toBe(stranger.id);
    expect(stranger.id).toMatch(ID_PATTERN);
  });

  it('issues tokens that fit the protocol id pattern and name their visitor', () => {
    expect(token).toMatch(ID_PATTERN);
    expect(identity.visitorOf('demo', token)).toEqual({ id: stranger.id, verified: true });
  });

  it('does not honour forged, tampered, other-agent or other-key tokens', () => {
    const forged = [
      stranger.id,
      `${stranger.id}_${Math.floor(clock.now / 1000).toString(36)}_${'A'.repeat(22)}`,
      tamper(token),
      tamper(token, 2), // the visitor id itself
      `other${token}`,
      token.slice(0, -1),
      `${token}A`,
      '../etc/passwd',
      '',
    ];
    for (const candidate of forged) {
      const visitor = identity.visitorOf('demo', candidate);
      expect(visitor.verified, candidate).toBe(false);
      expect(visitor.id).not.toBe(stranger.id);
    }
    expect(identity.visitorOf('other-agent', token).verified).toBe(false);
    const otherKey = identityAt(clock, 'another-secret-that-is-also-32-bytes-long!');
    expect(otherKey.visitorOf('demo', token).verified).toBe(false);
  });

  it('expires a token after maxAgeMs, and refuses one issued in the future', () => {
    const later = { now: clock.now + 30 * day + 1_000 };
    expect(identityAt(later).visitorOf('demo', token).verified).toBe(false);
    const almost = { now: clock.now + 30 * day - 1_000 };
    expect(identityAt(almost).visitorOf('demo', token).verified).toBe(true);
    const earlier = { now: clock.now - 10 * 60_000 };
    expect(identityAt(earlier).visitorOf('demo', token).verified).toBe(false);
  });
});

describe('conversation ids', () => {
  const identity = identityAt({ now: Date.now() });
  const alice = identity.visitorOf('demo', undefined).id;
  const bob = identity.visitorOf('demo', undefined).id;
  const signed = identity.signConversation('demo', alice, 'cmabc123') ?? '';

  it('open only for their visitor on their agent', () => {
    expect(signed).toMatch(ID_PATTERN);
    expect(identity.openConversation('demo', alice, signed)).toBe('cmabc123');
    expect(identity.openConversation('demo', bob, signed)).toBeUndefined();
    expect(identity.openConversation('other', alice, signed)).toBeUndefined();
    expect(identity.openConversation('demo', alice, 'cmabc123')).toBeUndefined();
    expect(identity.openConversation('demo', alice, tamper(signed))).toBeUndefined();
    expect(identity.openConversation('demo', alice, `x${signed}`)).toBeUndefined();
  });

  it('a message id is signed apart: not a conversation id, and only its visitor opens it', () => {
    const message = identity.signMessage('demo', alice, 'cmabc123') ?? '';
    expect(identity.openMessage('demo', alice, message)).toBe('cmabc123');
    expect(identity.openMessage('demo', bob, message)).toBeUndefined();
    expect(identity.openConversation('demo', alice, message)).toBeUndefined();
    expect(identity.openMessage('demo', alice, signed)).toBeUndefined();
  });

  it('a visitor token is not a conversation id, nor the other way round', () => {
    const token = identity.tokenFor('demo', alice);
    expect(identity.openConversation('demo', alice, token)).toBeUndefined();
    expect(identity.visitorOf('demo', signed).verified).toBe(false);
  });

  it('are not signed when the upstream id would not fit the id pattern', () => {
    expect(identity.signConversation('demo', alice, 'c'.repeat(106))).toBeUndefined();
    expect(identity.signConversation('demo', alice, 'has space')).toBeUndefined();
    expect(identity.signConversation('demo', alice, 'c'.repeat(105))).toMatch(ID_PATTERN);
  });
});

describe('answer ids', () => {
  const identity = identityAt({ now: Date.now() });
  const visitor = identity.visitorOf('demo', undefined);
  const rewrite = createAnswerIdsRewriter(identity, 'demo', visitor);

  it('sign the visitor and conversation of an answer, whatever the upstream echoed', () => {
    const json = rewrite(
      JSON.stringify({ answer: 'hi', conversationId: 'c1', visitorId: 'someone', sources: [] }),
    );
    const answer = JSON.parse(json ?? '{}') as Record<string, string>;
    expect(answer.answer).toBe('hi');
    expect(identity.visitorOf('demo', answer.visitorId)).toEqual({
      id: visitor.id,
      verified: true,
    });
    expect(identity.openConversation('demo', visitor.id, answer.conversationId ?? '')).toBe('c1');
  });

  it('leave out a conversation id that cannot be signed, and refuse what is not an object', () => {
    const json = rewrite(JSON.stringify({ answer: 'hi', conversationId: 'not an id' }));
    expect(JSON.parse(json ?? '{}')).not.toHaveProperty('conversationId');
    expect(rewrite('[1]')).toBeUndefined();
    expect(rewrite('{"answer":')).toBeUndefined();
  });
});
