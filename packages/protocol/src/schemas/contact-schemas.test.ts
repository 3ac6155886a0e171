import { describe, expect, it } from 'vitest';
import { DEFAULT_CONTACT_CAPTURE } from '../contacts.js';
import {
  contactCaptureSchema,
  contactListQuerySchema,
  contactRequestSchema,
  contactSubmissionSchema,
} from './contact-schemas.js';
import { parseBody } from './parse-body.js';
import { agentUpdateSchema } from './resource-schemas.js';

describe('contact schemas', () => {
  it('accepts a contact and trims it', () => {
    const parsed = parseBody(contactRequestSchema, {
      visitorId: 'v1',
      email: '  ada@example.com ',
      name: 'Ada',
      phone: '+44 (0)20 7946-0000',
    });
    expect(parsed).toEqual({
      success: true,
      data: {
        visitorId: 'v1',
        email: 'ada@example.com',
        name: 'Ada',
        phone: '+44 (0)20 7946-0000',
      },
    });
  });

  it.each([
    [{ visitorId: 'v1' }, 'email is required'],
    [
      { visitorId: 'v1', email: 'not-an-email' },
      'email must be an email address, e.g. name@example.com',
    ],
    [{ visitorId: 'v1', email: 'a@b' }, 'email must be an email address, e.g. name@example.com'],
    [{ visitorId: 'v1', email: `${'a'.repeat(250)}@x.io` }, 'email must be at most 254 characters'],
    [
      { visitorId: 'v1', email: 'a@b.io', name: 'Ada\u0007' },
      'name must not contain control characters',
    ],
    [
      { visitorId: 'v1', email: 'a@b.io', phone: 'call me' },
      'phone must be a phone number: digits, spaces, + ( ) . / -',
    ],
    [{ visitorId: 'v1', email: 'a@b.io', extra: 1 }, '"extra" is not a field of this request'],
  ])('refuses %j', (body, message) => {
    const parsed = parseBody(contactSubmissionSchema, body);
    expect(parsed.success).toBe(false);
    if (!parsed.success) expect(`${parsed.field ?? ''} ${parsed.message}`).toContain(message);
  });

  it('validates an agent`s contact capture settings', () => {
    expect(parseBody(contactCaptureSchema, DEFAULT_CONTACT_CAPTURE).success).toBe(true);
    const none = parseBody(contactCaptureSchema, {
      ...DEFAULT_CONTACT_CAPTURE,
      enabled: true,
      triggers: [],
    });
    expect(none).toMatchObject({
      success: false,
      message: 'contactCapture.triggers must name at least one trigger when enabled',
    });
    const update = parseBody(agentUpdateSchema, {
      contactCapture: { ...DEFAULT_CONTACT_CAPTURE, triggers: ['later'] },
    });
    expect(update).toMatchObject({ success: false });
  });

  it('reads a contact list query string', () => {
    expect(parseBody(contactListQuerySchema, { q: 'ada', limit: '5', format: 'csv' })).toEqual({
      success: true,
      data: { q: 'ada', limit: 5, format: 'csv' },
    });
    expect(parseBody(contactListQuerySchema, { limit: '0' }).success).toBe(false);
    expect(parseBody(contactListQuerySchema, { format: 'xml' }).success).toBe(false);
  });
});
