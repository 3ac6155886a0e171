import { describe, expect, it } from 'vitest';
import { BffError, INVALID_OPTIONS } from '../bff-error.js';
import { createBff } from '../create-bff.js';
import { BFF_DEFAULTS, resolveBffOptions } from './resolve-options.js';

const base = { upstreamUrl: 'http://127.0.0.1:3001', agentApiToken: 'secret-token' };

function errorOf(run: () => unknown): BffError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(BffError);
    return error as BffError;
  }
  throw new Error('expected a BffError');
}

describe('resolveBffOptions', () => {
  it('fills in the documented defaults', () => {
    const resolved = resolveBffOptions(base);
    expect(resolved.upstreamDialect).toBe('spec');
    expect(resolved.allowedOrigins).toBe('same-origin');
    expect(resolved.allowedAgents).toEqual(new Set());
    expect(resolved.rateLimit).toEqual({
      windowMs: BFF_DEFAULTS.rateLimitWindowMs,
      perIp: BFF_DEFAULTS.rateLimitPerIp,
      perVisitor: BFF_DEFAULTS.rateLimitPerVisitor,
      searchPerIp: BFF_DEFAULTS.rateLimitSearchPerIp,
      searchPerVisitor: BFF_DEFAULTS.rateLimitSearchPerVisitor,
    });
    expect(resolved.heartbeatMs).toBe(15_000);
    expect(resolved.maxBodyBytes).toBe(16_384);
  });

  it('picks the chaindesk dialect for chaindesk hosts unless told otherwise', () => {
    expect(
      resolveBffOptions({ ...base, upstreamUrl: 'https://api.chaindesk.ai' }).upstreamDialect,
    ).toBe('chaindesk');
    expect(
      resolveBffOptions({
        ...base,
        upstreamUrl: 'https://api.chaindesk.ai',
        upstreamDialect: 'spec',
      }).upstreamDialect,
    ).toBe('spec');
  });

  it('normalizes origins and agent lists', () => {
    const resolved = resolveBffOptions({
      ...base,
      allowedOrigins: ['HTTPS://Shop.Example/', 'http://localhost:5173'],
      allowedAgents: ['demo', '*'],
    });
    expect(resolved.allowedOrigins).toEqual(
      new Set(['https://shop.example', 'http://localhost:5173']),
    );
    expect(resolved.allowedAgents).toBe('*');
  });

  it.each([
    [{ ...base, agentApiToken: '' }, 'agentApiToken is required'],
    [{ ...base, agentApiToken: undefined as unknown as string }, 'AGENT_API_TOKEN'],
    [{ ...base, upstreamUrl: '' }, 'upstreamUrl is required'],
    [{ ...base, upstreamUrl: 'not a url' }, 'not a valid URL'],
    [{ ...base, upstreamUrl: 'ftp://host' }, 'http or https'],
    [{ ...base, upstreamUrl: 'http://user:pw@host' }, 'credentials'],
    [{ ...base, maxBodyBytes: 0 }, 'maxBodyBytes'],
    [{ ...base, allowedOrigins: ['shop.example'] }, 'shop.example'],
    [{ ...base, upstreamDialect: 'other' as 'spec' }, 'upstreamDialect'],
    [
      { ...base, agentPolicies: { demo: { allowBrowserFields: ['query' as 'topP'] } } },
      'allowBrowserFields',
    ],
    [{ ...base, agentPolicies: { demo: { query: { temperature: 5 } } } }, 'temperature'],
  ])('rejects invalid options with a clear message (%#)', (options, fragment) => {
    const error = errorOf(() => resolveBffOptions(options));
    expect(error.code).toBe(INVALID_OPTIONS);
    expect(error.message).toContain(fragment);
    expect(error.message).not.toContain('secret-token');
  });

  it('makes createBff fail at construction', () => {
    expect(() => createBff({ ...base, agentApiToken: '', logger: false })).toThrow(
      /agentApiToken is required/,
    );
  });

  it('holds options given in code to the same constraints as the environment', () => {
    for (const [options, fragment] of [
      [{ ...base, adminToken: 'x' }, 'adminToken must be at least 16 characters'],
      [{ ...base, allowedAgents: ['demo', '../x'] }, '"../x" is not an agent id'],
      [{ ...base, agentPolicies: { 'a/b': {} } }, '"a/b" is not an agent id'],
    ] as const) {
      const error = errorOf(() => createBff({ ...options, logger: false }));
      expect(error.code).toBe(INVALID_OPTIONS);
      expect(error.message).toContain(fragment);
      expect(error.message).not.toContain('secret-token');
    }
    expect(errorOf(() => createBff({ ...base, adminToken: 'x' })).message).not.toContain('"x"');
  });
});
