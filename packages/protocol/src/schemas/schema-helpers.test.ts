import { describe, expect, it } from 'vitest';
import { contactRequestSchema } from './contact-schemas.js';
import { identifyRequestSchema } from './identity-schemas.js';
import { parseBody } from './parse-body.js';
import { feedbackRequestSchema, handoffRequestSchema } from './widget-conversation-schemas.js';

describe('strict request bodies', () => {
  it('name the field they do not take, instead of saying the body is not an object', () => {
    const ids = { visitorId: 'v1', conversationId: 'c1' };
    expect(parseBody(handoffRequestSchema, { ...ids, email: 'a@b.io' })).toEqual({
      success: false,
      field: '',
      message: '"email" is not a field of this request',
    });
    expect(
      parseBody(feedbackRequestSchema, { ...ids, messageId: 'm1', eval: 'good' }),
    ).toMatchObject({ message: '"conversationId" is not a field of this request' });
    expect(
      parseBody(contactRequestSchema, {
        visitorId: 'v1',
        email: 'a@b.io',
        company: 'A',
        plan: 'B',
      }),
    ).toMatchObject({ message: '"company", "plan" are not fields of this request' });
    expect(
      parseBody(identifyRequestSchema, { userId: 'u1', userHash: 'a'.repeat(64), role: 'admin' }),
    ).toMatchObject({ message: '"role" is not a field of this request' });
  });

  it('still say so when the body is not an object', () => {
    for (const body of ['text', 42, null, [1]]) {
      expect(parseBody(handoffRequestSchema, body)).toMatchObject({
        message: 'The request body must be a JSON object',
      });
    }
  });
});
