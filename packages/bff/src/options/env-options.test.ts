import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { BffOptions } from './bff-options-schema.js';
import { BFF_ENV_VARIABLES, bffOptionsFromEnv, serverOptionsFromEnv } from './env-options.js';

const BASE = { UPSTREAM_URL: 'http://127.0.0.1:3001', AGENT_API_TOKEN: 'agent-token-1234' };

describe('bffOptionsFromEnv', () => {
  const directory = mkdtempSync(join(tmpdir(), 'agent-chat-env-'));
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  it('needs UPSTREAM_URL and AGENT_API_TOKEN, with messages naming them', () => {
    expect(() => bffOptionsFromEnv({ AGENT_API_TOKEN: 'x' })).toThrow(/UPSTREAM_URL is required/);
    expect(() => bffOptionsFromEnv({ UPSTREAM_URL: 'http://h' })).toThrow(
      /AGENT_API_TOKEN is required/,
    );
    expect(() => bffOptionsFromEnv({ ...BASE, AGENT_API_TOKEN: '   ' })).toThrow(/AGENT_API_TOKEN/);
    expect(() => bffOptionsFromEnv({ ...BASE, UPSTREAM_URL: 'not a url' })).toThrow(
      /UPSTREAM_URL is not a valid URL/,
    );
  });

  it('maps every option from its UPPER_SNAKE variable', () => {
    const options = bffOptionsFromEnv({
      ...BASE,
      ADMIN_TOKEN: 'admin-token-0123456789',
      ALLOWED_AGENTS: 'demo, support ,',
      ALLOWED_ORIGINS: 'https://shop.example,http://localhost:5173',
      REDIS_URL: 'redis://127.0.0.1:6379',
      UPSTREAM_DIALECT: 'chaindesk',
      AGENT_POLICIES: '{"demo":{"query":{"temperature":0.2},"allowBrowserFields":["modelName"]}}',
      RATE_LIMIT_WINDOW_MS: '30_000',
      RATE_LIMIT_PER_IP: '10',
      RATE_LIMIT_PER_VISITOR: '5',
      MAX_STREAMS_PER_VISITOR: '2',
      MAX_QUERY_LENGTH: '500',
      MAX_BODY_BYTES: '8192',
      HEARTBEAT_MS: '1000',
      FIRST_BYTE_TIMEOUT_MS: '2000',
      IDLE_TIMEOUT_MS: '3000',
      SHUTDOWN_GRACE_MS: '4000',
      WIDGET_DIR: '/srv/widget',
      LOG_LEVEL: 'silent',
    });
    const expected: BffOptions = {
      upstreamUrl: 'http://127.0.0.1:3001',
      agentApiToken: 'agent-token-1234',
      adminToken: 'admin-token-0123456789',
      allowedAgents: ['demo', 'support'],
      allowedOrigins: ['https://shop.example', 'http://localhost:5173'],
      redisUrl: 'redis://127.0.0.1:6379',
      upstreamDialect: 'chaindesk',
      agentPolicies: { demo: { query: { temperature: 0.2 }, allowBrowserFields: ['modelName'] } },
      rateLimit: { windowMs: 30_000, perIp: 10, perVisitor: 5 },
      maxStreamsPerVisitor: 2,
      maxQueryLength: 500,
      maxBodyBytes: 8192,
      heartbeatMs: 1000,
      firstByteTimeoutMs: 2000,
      idleTimeoutMs: 3000,
      shutdownGraceMs: 4000,
      widgetDir: '/srv/widget',
      logger: false,
    };
    expect(options).toEqual(expected);
  });

  it('leaves unset and empty variables to the createBff defaults', () => {
    const options = bffOptionsFromEnv({ ...BASE, ADMIN_TOKEN: '', REDIS_URL: ' ' });
    expect(options).toEqual({ ...BASE_OPTIONS, upstreamDialect: 'spec' });
  });

  it('accepts * for agents and origins', () => {
    const options = bffOptionsFromEnv({
      ...BASE,
      ALLOWED_AGENTS: '*',
      ALLOWED_ORIGINS: 'a.example,*',
    });
    expect(options.allowedAgents).toBe('*');
    expect(options.allowedOrigins).toBe('*');
  });

  it('picks the chaindesk dialect for chaindesk hosts', () => {
    const options = bffOptionsFromEnv({ ...BASE, UPSTREAM_URL: 'https://api.chaindesk.ai' });
    expect(options.upstreamDialect).toBe('chaindesk');
    const spoofed = bffOptionsFromEnv({
      ...BASE,
      UPSTREAM_URL: 'https://chaindesk.ai.evil.example',
    });
    expect(spoofed.upstreamDialect).toBe('spec');
  });

  it('rejects malformed values with a message naming the variable', () => {
    const cases: Array<[Record<string, string>, RegExp]> = [
      [{ RATE_LIMIT_PER_IP: 'ten' }, /RATE_LIMIT_PER_IP must be a positive whole number/],
      [{ HEARTBEAT_MS: '0' }, /HEARTBEAT_MS must be a positive whole number/],
      [{ MAX_BODY_BYTES: '1.5' }, /MAX_BODY_BYTES/],
      [{ UPSTREAM_DIALECT: 'openai' }, /UPSTREAM_DIALECT must be spec or chaindesk/],
      [{ ALLOWED_AGENTS: 'demo,../x' }, /ALLOWED_AGENTS: "..\/x" is not an agent id/],
      [{ ALLOWED_ORIGINS: 'shop.example' }, /ALLOWED_ORIGINS: "shop.example"/],
      [{ ADMIN_TOKEN: 'short' }, /ADMIN_TOKEN must be at least 16 characters/],
      [{ AGENT_POLICIES: '{"demo":' }, /AGENT_POLICIES is not valid JSON/],
      [{ AGENT_POLICIES: '{"demo":[1]}' }, /policy of "demo" must be an object/],
      [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL must be one of/],
    ];
    for (const [env, message] of cases) {
      expect(() => bffOptionsFromEnv({ ...BASE, ...env }), JSON.stringify(env)).toThrow(message);
    }
  });

  it('reads AGENT_POLICIES from a .json file, relative to cwd', () => {
    writeFileSync(join(directory, 'policies.json'), '{"*":{"maxQueryLength":100}}');
    const options = bffOptionsFromEnv(
      { ...BASE, AGENT_POLICIES: 'policies.json' },
      { cwd: directory },
    );
    expect(options.agentPolicies).toEqual({ '*': { maxQueryLength: 100 } });
    expect(() =>
      bffOptionsFromEnv({ ...BASE, AGENT_POLICIES: 'missing.json' }, { cwd: directory }),
    ).toThrow(/could not be read/);
  });

  it('builds a pino logger at LOG_LEVEL', () => {
    const options = bffOptionsFromEnv({ ...BASE, LOG_LEVEL: 'WARN' });
    const logger = options.logger;
    if (!logger) throw new Error('expected a logger');
    expect(logger.level).toBe('warn');
  });

  it('never puts the token into an error message', () => {
    try {
      bffOptionsFromEnv({ ...BASE, AGENT_API_TOKEN: 'agent-token-1234', RATE_LIMIT_PER_IP: 'x' });
      expect.unreachable();
    } catch (error) {
      expect(String((error as Error).message)).not.toContain('agent-token-1234');
    }
  });

  it('documents every BffOptions key that has an environment variable', () => {
    const names = BFF_ENV_VARIABLES.map((variable) => variable.name);
    for (const name of [
      'UPSTREAM_URL',
      'AGENT_API_TOKEN',
      'ADMIN_TOKEN',
      'ALLOWED_AGENTS',
      'ALLOWED_ORIGINS',
      'REDIS_URL',
      'UPSTREAM_DIALECT',
      'AGENT_POLICIES',
      'RATE_LIMIT_WINDOW_MS',
      'RATE_LIMIT_PER_IP',
      'RATE_LIMIT_PER_VISITOR',
      'RATE_LIMIT_SEARCH_PER_IP',
      'RATE_LIMIT_SEARCH_PER_VISITOR',
      'MAX_STREAMS_PER_VISITOR',
      'MAX_QUERY_LENGTH',
      'MAX_BODY_BYTES',
      'HEARTBEAT_MS',
      'FIRST_BYTE_TIMEOUT_MS',
      'IDLE_TIMEOUT_MS',
      'SHUTDOWN_GRACE_MS',
      'WIDGET_DIR',
      'LOG_LEVEL',
      'PORT',
      'HOST',
      'TRUST_PROXY',
    ]) {
      expect(names).toContain(name);
    }
  });
});

const BASE_OPTIONS: BffOptions = {
  upstreamUrl: 'http://127.0.0.1:3001',
  agentApiToken: 'agent-token-1234',
};

describe('serverOptionsFromEnv', () => {
  it('defaults to 127.0.0.1:3000 without trusting proxies', () => {
    expect(serverOptionsFromEnv({})).toEqual({
      port: 3000,
      host: '127.0.0.1',
      trustProxy: false,
      headersTimeoutMs: 15_000,
      requestTimeoutMs: 30_000,
      keepAliveTimeoutMs: 5_000,
    });
  });

  it('reads PORT, HOST, TRUST_PROXY and the connection timeouts', () => {
    expect(
      serverOptionsFromEnv({
        PORT: '8080',
        HOST: '0.0.0.0',
        TRUST_PROXY: '2',
        HEADERS_TIMEOUT_MS: '10_000',
        REQUEST_TIMEOUT_MS: '20000',
        KEEP_ALIVE_TIMEOUT_MS: '65000',
      }),
    ).toEqual({
      port: 8080,
      host: '0.0.0.0',
      trustProxy: 2,
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 20_000,
      keepAliveTimeoutMs: 65_000,
    });
    expect(() => serverOptionsFromEnv({ HEADERS_TIMEOUT_MS: '0' })).toThrow(/HEADERS_TIMEOUT_MS/);
    expect(serverOptionsFromEnv({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(serverOptionsFromEnv({ TRUST_PROXY: 'loopback, 10.0.0.0/8' }).trustProxy).toBe(
      'loopback, 10.0.0.0/8',
    );
    expect(() => serverOptionsFromEnv({ PORT: '70000' })).toThrow(/PORT must be a port number/);
    expect(() => serverOptionsFromEnv({ PORT: 'http' })).toThrow(/PORT/);
  });
});
