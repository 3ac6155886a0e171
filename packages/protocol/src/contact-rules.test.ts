import { describe, expect, it } from 'vitest';
import { isEmailAddress, isPhoneNumber, readContactOffer } from './contact-rules.js';

describe('contact rules', () => {
  it.each([
    ['ada@example.com', true],
    ['a.b+tag@mail.example.co.uk', true],
    ['ada@example', false],
    ['ada example@example.com', false],
    ['@example.com', false],
    ['ada@@example.com', false],
    ['ada@example..com', false],
    ['', false],
  ])('isEmailAddress(%j) is %s', (text, expected) => {
    expect(isEmailAddress(text)).toBe(expected);
  });

  it.each([
    ['+44 (0)20 7946-0000', true],
    ['555.123/45', true],
    ['12', false],
    ['call me', false],
  ])('isPhoneNumber(%j) is %s', (text, expected) => {
    expect(isPhoneNumber(text)).toBe(expected);
  });

  it('reads a contact offer, copying only its fields', () => {
    const offer = {
      reason: 'no_answer',
      fields: { name: 'optional', phone: 'off', extra: 1 },
      consentText: null,
      extra: true,
    };
    expect(readContactOffer(offer)).toEqual({
      reason: 'no_answer',
      fields: { name: 'optional', phone: 'off' },
      consentText: null,
    });
    expect(readContactOffer({ ...offer, consentText: 'We keep it.' })?.consentText).toBe(
      'We keep it.',
    );
    expect(readContactOffer({ ...offer, consentText: 3 })?.consentText).toBeNull();
  });

  it.each([
    undefined,
    null,
    [],
    { reason: 'later', fields: { name: 'off', phone: 'off' }, consentText: null },
    { reason: 'handoff', fields: { name: 'maybe', phone: 'off' }, consentText: null },
    { reason: 'handoff', consentText: null },
  ])('refuses %j as a contact offer', (value) => {
    expect(readContactOffer(value)).toBeUndefined();
  });
});
