import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type {
  ConversationExportQuery,
  ConversationListQuery,
  ConversationStatusBody,
  EvalAnswerBody,
  HandoffBody,
  OperatorMessageBody,
  VisitorMessagesQuery,
} from '../conversations.js';
import {
  conversationExportQuerySchema,
  conversationListQuerySchema,
  conversationStatusSchema,
  evalAnswerSchema,
  handoffSchema,
  operatorMessageSchema,
  visitorMessagesQuerySchema,
} from './conversation-schemas.js';
import { parseBody } from './parse-body.js';

type Parsed<T> = T extends object ? { [K in keyof T]: Exclude<T[K], undefined> } : T;

describe('conversation schemas', () => {
  it('parse exactly what the protocol types describe (checked by tsc)', () => {
    expectTypeOf<
      Parsed<z.output<typeof conversationListQuerySchema>>
    >().toEqualTypeOf<ConversationListQuery>();
    expectTypeOf<
      Parsed<z.output<typeof conversationExportQuerySchema>>
    >().toEqualTypeOf<ConversationExportQuery>();
    expectTypeOf<
      Parsed<z.output<typeof operatorMessageSchema>>
    >().toEqualTypeOf<OperatorMessageBody>();
    expectTypeOf<
      Parsed<z.output<typeof conversationStatusSchema>>
    >().toEqualTypeOf<ConversationStatusBody>();
    expectTypeOf<Parsed<z.output<typeof evalAnswerSchema>>>().toEqualTypeOf<EvalAnswerBody>();
    expectTypeOf<Parsed<z.output<typeof handoffSchema>>>().toEqualTypeOf<HandoffBody>();
    expectTypeOf<
      Parsed<z.output<typeof visitorMessagesQuerySchema>>
    >().toEqualTypeOf<VisitorMessagesQuery>();
  });

  it('turns list query strings into typed filters', () => {
    expect(
      parseBody(conversationListQuerySchema, {
        agentId: 'demo',
        q: 'refund',
        feedback: 'bad',
        status: 'handoff',
        from: '2026-01-31',
        limit: '50',
        unknown: 'dropped',
      }),
    ).toEqual({
      success: true,
      data: {
        agentId: 'demo',
        q: 'refund',
        feedback: 'bad',
        status: 'handoff',
        from: '2026-01-31T00:00:00.000Z',
        limit: 50,
      },
    });
  });

  it.each([
    [{ limit: '0' }, 'limit', 'limit must be a whole number from 1 to 100'],
    [{ limit: '101' }, 'limit', 'limit must be a whole number from 1 to 100'],
    [{ limit: 'ten' }, 'limit', 'limit must be a whole number from 1 to 100'],
    [{ limit: ['1', '2'] }, 'limit', 'limit must be given once, as a whole number'],
    [{ feedback: 'meh' }, 'feedback', 'feedback must be one of: good, bad'],
    [{ status: 'closed' }, 'status', 'status must be one of: open, handoff, resolved'],
    [{ from: 'yesterday' }, 'from', expect.stringContaining('from must be an ISO 8601 date')],
    [{ agentId: '../x' }, 'agentId', expect.stringContaining('agentId must be')],
    [{ q: 'x'.repeat(501) }, 'q', 'q must be at most 500 characters'],
  ])('rejects the list query %j with a message naming the parameter', (query, field, message) => {
    expect(parseBody(conversationListQuerySchema, query)).toEqual({
      success: false,
      field,
      message,
    });
  });

  it('validates export formats', () => {
    expect(parseBody(conversationExportQuerySchema, { format: 'xml' })).toMatchObject({
      message: 'format must be one of: jsonl, csv',
    });
  });

  it('validates votes: good, bad or null, with a comment up to 1,000 characters', () => {
    const vote = { messageId: 'm1', visitorId: 'v1' };
    expect(parseBody(evalAnswerSchema, { ...vote, eval: null }).success).toBe(true);
    expect(
      parseBody(evalAnswerSchema, { ...vote, eval: 'bad', comment: 'x'.repeat(1000) }).success,
    ).toBe(true);
    expect(
      parseBody(evalAnswerSchema, { ...vote, eval: 'bad', comment: 'x'.repeat(1001) }),
    ).toMatchObject({ field: 'comment', message: 'comment must be at most 1000 characters' });
    expect(parseBody(evalAnswerSchema, { ...vote })).toMatchObject({ field: 'eval' });
    expect(parseBody(evalAnswerSchema, { ...vote, eval: 'great' })).toMatchObject({
      message: 'eval must be one of: good, bad',
    });
  });

  it('validates operator replies, status changes, handoffs and polls', () => {
    expect(parseBody(operatorMessageSchema, { text: '  ' })).toMatchObject({
      message: 'text must not be blank',
    });
    expect(parseBody(conversationStatusSchema, { conversationId: 'c', status: 'x' })).toMatchObject(
      { message: 'status must be one of: open, handoff, resolved' },
    );
    expect(parseBody(handoffSchema, { agentId: 'a' })).toMatchObject({
      field: 'visitorId',
      message: 'visitorId is required',
    });
    expect(
      parseBody(visitorMessagesQuerySchema, { agentId: 'a', visitorId: 'v', after: 'm/1' }),
    ).toMatchObject({ field: 'after' });
  });
});
