import path from 'node:path';
import { LIMITS } from '@agent-chat/protocol';
import { describe, expect, it } from 'vitest';
import { AgentServiceError } from '../agent-service-error.js';
import {
  embeddingsFromEnv,
  ingestOptionsFrom,
  retentionDaysFrom,
  serveOptionsFromEnv,
  storageFromEnv,
} from './env-options.js';

const CWD = path.resolve('/srv/app');

function messageOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(AgentServiceError);
    expect((error as AgentServiceError).code).toBe('INVALID_OPTIONS');
    return (error as Error).message;
  }
  throw new Error('expected an INVALID_OPTIONS error');
}

describe('serveOptionsFromEnv', () => {
  it('fills in the declared defaults when nothing is set', () => {
    const options = serveOptionsFromEnv({}, CWD);
    expect(options).toMatchObject({
      port: 3001,
      host: '127.0.0.1',
      dataDir: path.join(CWD, '.data/agent-service'),
      heartbeatMs: 15_000,
      allowPrivateUrls: false,
    });
    for (const group of [
      'llm',
      'embeddings',
      'usageLimit',
      'webhook',
      'handoffWebhook',
      'outbox',
      'ingestion',
      'smtpUrl',
    ]) {
      expect(options, group).not.toHaveProperty(group);
    }
  });

  it('maps every variable to its option', () => {
    const options = serveOptionsFromEnv(
      {
        PORT: '0',
        HOST: '0.0.0.0',
        DATABASE_URL: 'postgres://user:pw@db/agents',
        DATA_DIR: 'ignored-with-a-database-url',
        LLM_BASE_URL: 'https://api.openai.com/v1',
        LLM_API_KEY: 'sk-test',
        LLM_MODEL: 'gpt-4o-mini',
        LLM_TIMEOUT_MS: '30_000',
        LLM_CONDENSE_TIMEOUT_MS: '0',
        USAGE_LIMIT_QUERIES: '100',
        USAGE_LIMIT_PERIOD_MS: '3600000',
        HEARTBEAT_MS: '50',
        UPLOAD_LIMIT_BYTES: '1024',
        HANDOFF_WEBHOOK_URL: 'https://hooks.example/handoff',
        HANDOFF_WEBHOOK_SECRET: 'a-secret-of-16-chars',
        WEBHOOK_URL: 'https://hooks.example/events',
        WEBHOOK_SECRET: 'another-secret-of-16',
        SMTP_URL: 'smtp://user:pw@mail.example:587',
        NOTIFY_EMAIL: 'ops@example.com',
        MAIL_FROM: 'Support <support@example.com>',
        PUBLIC_CONSOLE_URL: 'https://chat.example.com/admin/',
        GAPS_REPORT: 'weekly',
        OUTBOX_MAX_ATTEMPTS: '3',
        CONVERSATION_RETENTION_DAYS: '30',
        INGESTION_WORKERS: '0',
        SYNC_CONCURRENCY_PER_ORGANIZATION: '3',
        SYNC_MIN_INTERVAL_MINUTES: '1',
        ALLOW_PRIVATE_URLS: 'TRUE',
        EMBEDDINGS_URL: 'http://127.0.0.1:11434/v1',
        EMBEDDINGS_MODEL: 'nomic-embed-text',
        EMBEDDINGS_API_KEY: 'ek-test',
        EMBEDDINGS_DIMENSIONS: '768',
        EMBEDDINGS_MIN_SIMILARITY: '0.35',
        PGLITE_CACHE_MB: '48',
        RANKING_STAGES_OFF: 'page-support, bare-list',
        INTEGRATIONS_SECRET: 'an-integrations-secret-of-32-characters',
        SLACK_API_URL: 'http://127.0.0.1:9/api/',
      },
      CWD,
    );
    expect(options).toEqual({
      port: 0,
      host: '0.0.0.0',
      shutdownGraceMs: 5_000,
      retentionIntervalMs: 3_600_000,
      databaseUrl: 'postgres://user:pw@db/agents',
      pgliteCacheMb: 48,
      llm: {
        baseUrl: 'https://api.openai.com/v1',
        apiKey: 'sk-test',
        model: 'gpt-4o-mini',
        timeoutMs: 30_000,
        condenseTimeoutMs: 0,
      },
      usageLimit: { queries: 100, periodMs: 3_600_000 },
      heartbeatMs: 50,
      bodyLimitBytes: LIMITS.jsonBodyBytes.max,
      uploadLimitBytes: 1024,
      authCacheTtlMs: 30_000,
      handoffWebhook: { url: 'https://hooks.example/handoff', secret: 'a-secret-of-16-chars' },
      webhook: { url: 'https://hooks.example/events', secret: 'another-secret-of-16' },
      smtpUrl: 'smtp://user:pw@mail.example:587',
      notifyEmail: 'ops@example.com',
      mailFrom: 'Support <support@example.com>',
      publicConsoleUrl: 'https://chat.example.com/admin/',
      gapsReport: 'weekly',
      outbox: { maxAttempts: 3 },
      conversationRetentionDays: 30,
      ingestion: { workers: 0, syncsPerOrganization: 3 },
      syncMinIntervalMinutes: 1,
      allowPrivateUrls: true,
      embeddings: {
        url: 'http://127.0.0.1:11434/v1',
        model: 'nomic-embed-text',
        apiKey: 'ek-test',
        dimensions: 768,
        minSimilarity: 0.35,
      },
      rankingStagesOff: ['page-support', 'bare-list'],
      integrationsSecret: 'an-integrations-secret-of-32-characters',
      slackApiUrl: 'http://127.0.0.1:9/api/',
      discordApiUrl: 'https://discord.com/api/v10',
    });
  });

  it.each([
    [{ INGESTION_WORKERS: 'x' }, 'INGESTION_WORKERS must be a whole number ≥ 0 (got "x").'],
    [
      { RANKING_STAGES_OFF: 'page-support,pagesupport' },
      'RANKING_STAGES_OFF must list ranking stages, of relevance-floor, sentence-rerank, bare-list, page-support, release-notes, vector-fusion, asked-date, asked-price, best-subsection, section-example, section-window.',
    ],
    [{ INGESTION_WORKERS: '-1' }, 'INGESTION_WORKERS must be a whole number ≥ 0 (got "-1").'],
    [
      { SYNC_MIN_INTERVAL_MINUTES: '0' },
      'SYNC_MIN_INTERVAL_MINUTES must be a positive whole number (got "0").',
    ],
    [
      { SYNC_CONCURRENCY_PER_ORGANIZATION: '0' },
      'SYNC_CONCURRENCY_PER_ORGANIZATION must be a positive whole number (got "0").',
    ],
    [{ PORT: '70000' }, 'PORT must be a port number from 0 to 65535 (got "70000").'],
    [{ HEARTBEAT_MS: '0' }, 'HEARTBEAT_MS must be a positive whole number (got "0").'],
    [{ ALLOW_PRIVATE_URLS: 'yes' }, 'ALLOW_PRIVATE_URLS must be true or false (got "yes").'],
    [{ SMTP_URL: 'http://mail.example' }, 'SMTP_URL must be an SMTP URL like'],
    [{ NOTIFY_EMAIL: 'ops' }, 'NOTIFY_EMAIL must be one email address'],
    [{ WEBHOOK_URL: 'https://hooks.example/e' }, 'WEBHOOK_SECRET is required with the webhook URL'],
    [{ LLM_API_KEY: 'sk-test' }, 'LLM_BASE_URL is required with the other LLM_ settings'],
    [{ LLM_BASE_URL: 'api.openai.com' }, 'LLM_BASE_URL must be an http(s) URL like'],
    [{ USAGE_LIMIT_PERIOD_MS: '1000' }, 'USAGE_LIMIT_QUERIES is required with a usage limit'],
    [{ HANDOFF_WEBHOOK_URL: 'https://h.example' }, 'HANDOFF_WEBHOOK_SECRET is required'],
    [{ HANDOFF_WEBHOOK_SECRET: 'a-secret-of-16-chars' }, 'HANDOFF_WEBHOOK_URL is required'],
    [{ EMBEDDINGS_URL: 'http://127.0.0.1:1/v1' }, 'EMBEDDINGS_MODEL is required'],
    [{ CONVERSATION_RETENTION_DAYS: '0' }, 'CONVERSATION_RETENTION_DAYS must be a positive'],
    [{ PGLITE_CACHE_MB: '0' }, 'PGLITE_CACHE_MB must be a positive whole number (got "0").'],
    [{ PGLITE_CACHE_MB: '4096' }, 'PGLITE_CACHE_MB must be at most 1024 (MB) (got "4096").'],
    [
      { EMBEDDINGS_URL: 'http://e/v1', EMBEDDINGS_MODEL: 'm', EMBEDDINGS_MIN_SIMILARITY: '2' },
      'EMBEDDINGS_MIN_SIMILARITY must be a number from -1 to 1 (got "2").',
    ],
  ])('names the variable of a bad value (%#)', (env, fragment) => {
    expect(messageOf(() => serveOptionsFromEnv(env, CWD))).toContain(fragment);
  });

  it('never quotes a secret', () => {
    const message = messageOf(() =>
      serveOptionsFromEnv(
        { HANDOFF_WEBHOOK_URL: 'https://h.example', HANDOFF_WEBHOOK_SECRET: 'too-short' },
        CWD,
      ),
    );
    expect(message).toBe('HANDOFF_WEBHOOK_SECRET must be at least 16 characters.');
  });

  it('counts empty and blank variables as unset', () => {
    expect(serveOptionsFromEnv({ PORT: '', LLM_BASE_URL: '  ', DATA_DIR: '' }, CWD)).toMatchObject({
      port: 3001,
      dataDir: path.join(CWD, '.data/agent-service'),
    });
  });
});

describe('the other commands', () => {
  it('keep their data in DATA_DIR (relative to the current directory), or at DATABASE_URL', () => {
    expect(storageFromEnv({ DATA_DIR: 'store' }, CWD)).toEqual({
      dataDir: path.join(CWD, 'store'),
    });
    expect(storageFromEnv({ DATABASE_URL: 'postgres://h/db', DATA_DIR: 'store' }, CWD)).toEqual({
      databaseUrl: 'postgres://h/db',
    });
  });

  it('reembed reads only the embeddings variables', () => {
    expect(embeddingsFromEnv({ LLM_API_KEY: 'ignored' })).toBeUndefined();
    expect(embeddingsFromEnv({ EMBEDDINGS_URL: 'http://e/v1', EMBEDDINGS_MODEL: 'm' })).toEqual({
      url: 'http://e/v1',
      model: 'm',
      minSimilarity: 0.2,
    });
  });

  it('purge-conversations takes --days over CONVERSATION_RETENTION_DAYS, and names the flag', () => {
    expect(retentionDaysFrom({ CONVERSATION_RETENTION_DAYS: '30' }, {})).toBe(30);
    expect(retentionDaysFrom({ CONVERSATION_RETENTION_DAYS: '30' }, { days: '7' })).toBe(7);
    expect(retentionDaysFrom({}, {})).toBeUndefined();
    expect(messageOf(() => retentionDaysFrom({}, { days: 'week' }))).toBe(
      '--days must be a positive whole number (got "week").',
    );
  });

  it('ingest takes --url and --key over their variables, and needs a key', () => {
    expect(ingestOptionsFrom({ AGENT_API_TOKEN: 'k1' }, {})).toEqual({
      serviceUrl: 'http://127.0.0.1:3001',
      apiKey: 'k1',
      pollMs: 300,
    });
    expect(
      ingestOptionsFrom(
        { AGENT_API_TOKEN: 'k1', AGENT_SERVICE_URL: 'http://a:1', INGEST_POLL_MS: '10' },
        { url: 'http://b:2', key: 'k2' },
      ),
    ).toEqual({ serviceUrl: 'http://b:2', apiKey: 'k2', pollMs: 10 });
    expect(messageOf(() => ingestOptionsFrom({}, {}))).toMatch(
      /^--key or AGENT_API_TOKEN is required: an API key/,
    );
    expect(
      messageOf(() => ingestOptionsFrom({ AGENT_API_TOKEN: 'k' }, { url: 'ftp://x' })),
    ).toMatch(/^--url must be an http\(s\) URL/);
  });
});
