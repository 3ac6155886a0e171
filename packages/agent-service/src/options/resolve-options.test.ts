import { describe, expect, it } from 'vitest';
import { createAgentService } from '../agent-service.js';
import { AgentServiceError } from '../agent-service-error.js';
import { startAgentService } from '../server.js';
import { resolveAgentServiceOptions, resolveServerOptions } from './resolve-options.js';

async function rejection(run: () => Promise<unknown>): Promise<AgentServiceError> {
  const error = await run().then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AgentServiceError);
  expect((error as AgentServiceError).code).toBe('INVALID_OPTIONS');
  return error as AgentServiceError;
}

describe('resolveAgentServiceOptions', () => {
  it('fills in the declared defaults and keeps what it does not check', () => {
    const answerer = { answer: async function* () {} };
    const resolved = resolveAgentServiceOptions({
      answerer,
      embeddings: { url: 'http://e/v1', model: 'm', batchSize: 8 },
      ingestion: { leaseMs: 1_000, fetch: { timeoutMs: 500 } },
    });
    expect(resolved).toMatchObject({ heartbeatMs: 15_000, authCacheTtlMs: 30_000 });
    expect(resolved.answerer).toBe(answerer);
    expect(resolved.embeddings).toEqual({
      url: 'http://e/v1',
      model: 'm',
      batchSize: 8,
      minSimilarity: 0.2,
    });
    expect(resolved.ingestion).toEqual({
      workers: 2,
      syncsPerOrganization: 2,
      leaseMs: 1_000,
      fetch: { timeoutMs: 500 },
    });
    expect(resolved.syncMinIntervalMinutes).toBe(5);
    expect(resolveServerOptions({})).toEqual({
      port: 3001,
      host: '127.0.0.1',
      shutdownGraceMs: 5_000,
      retentionIntervalMs: 3_600_000,
    });
  });

  it('holds options given in code to the rules of the environment, naming the option', async () => {
    for (const [options, message] of [
      [
        { heartbeatMs: 0 },
        'createAgentService: heartbeatMs must be a positive whole number (got 0).',
      ],
      [
        { usageLimit: { queries: -1 } },
        'createAgentService: usageLimit.queries must be a whole number ≥ 0',
      ],
      [
        { handoffWebhook: { url: 'https://h.example', secret: 'short' } },
        'createAgentService: handoffWebhook.secret must be at least 16 characters.',
      ],
      [{ llm: { baseUrl: 'nope' } }, 'createAgentService: llm.baseUrl must be an http(s) URL'],
    ] as const) {
      expect((await rejection(() => createAgentService(options))).message).toContain(message);
    }
    expect((await rejection(() => startAgentService({ port: -1 }))).message).toBe(
      'startAgentService: port must be a port number from 0 to 65535 (got -1).',
    );
  });
});
