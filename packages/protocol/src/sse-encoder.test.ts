import { describe, expect, it } from 'vitest';
import { createSseEncoder } from './sse-encoder.js';

describe('createSseEncoder (spec dialect)', () => {
  const encoder = createSseEncoder();

  it('frames an answer fragment', () => {
    expect(encoder.encode({ type: 'answer', text: 'Hello' })).toBe(
      'event: answer\ndata: Hello\n\n',
    );
  });

  it('splits multi-line text into several data lines, whatever the line break', () => {
    expect(encoder.encode({ type: 'answer', text: 'a\nb\r\nc\rd' })).toBe(
      'event: answer\ndata: a\ndata: b\ndata: c\ndata: d\n\n',
    );
  });

  it('keeps leading spaces and empty lines inside text', () => {
    expect(encoder.encode({ type: 'answer', text: ' x\n\n' })).toBe(
      'event: answer\ndata:  x\ndata: \ndata: \n\n',
    );
  });

  it('frames endpoint_response, done and heartbeat', () => {
    expect(encoder.encode({ type: 'endpoint_response', json: '{"a":1}' })).toBe(
      'event: endpoint_response\ndata: {"a":1}\n\n',
    );
    expect(encoder.encode({ type: 'done' })).toBe('data: [DONE]\n\n');
    expect(encoder.encode({ type: 'heartbeat' })).toBe(': ping\n\n');
  });

  it('writes errors as [ERROR]<CODE>: <message> on one line', () => {
    expect(
      encoder.encode({ type: 'error', code: 'USAGE_LIMIT', message: 'Quota\r\nreached\n' }),
    ).toBe('data: [ERROR]USAGE_LIMIT: Quota reached\n\n');
    expect(encoder.encode({ type: 'error', code: 'INTERNAL', message: '' })).toBe(
      'data: [ERROR]INTERNAL\n\n',
    );
  });

  it('writes an error code the decoder reads back, whatever the caller passed', () => {
    expect(encoder.encode({ type: 'error', code: 'usage-limit', message: 'm' })).toBe(
      'data: [ERROR]USAGE_LIMIT: m\n\n',
    );
    expect(encoder.encode({ type: 'error', code: 'BAD\r\ndata: [DONE]', message: 'm' })).toBe(
      'data: [ERROR]BAD_DATA_DONE: m\n\n',
    );
    expect(encoder.encode({ type: 'error', code: ' 42 ', message: '' })).toBe(
      'data: [ERROR]INTERNAL\n\n',
    );
  });

  it('never lets a CR or LF in a heartbeat comment break the frame', () => {
    expect(encoder.encode({ type: 'heartbeat', comment: 'a\nevent: x' })).toBe(': a event: x\n\n');
  });
});

describe('createSseEncoder (chaindesk dialect)', () => {
  const encoder = createSseEncoder({ dialect: 'chaindesk' });

  it('URL-encodes payloads like the hosted service', () => {
    expect(encoder.encode({ type: 'answer', text: '50% of\nall 🎉' })).toBe(
      'event: answer\ndata: 50%25%20of%0Aall%20%F0%9F%8E%89\n\n',
    );
  });

  it('ends with an empty event name before [DONE] and sends bare errors', () => {
    expect(encoder.encode({ type: 'done' })).toBe('event: \ndata: [DONE]\n\n');
    expect(encoder.encode({ type: 'error', code: 'USAGE_LIMIT', message: 'ignored' })).toBe(
      'data: [ERROR]USAGE_LIMIT\n\n',
    );
    expect(encoder.encode({ type: 'error', code: 'not\rfound', message: 'ignored' })).toBe(
      'data: [ERROR]NOT_FOUND\n\n',
    );
  });
});
