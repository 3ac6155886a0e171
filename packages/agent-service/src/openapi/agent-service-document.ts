import { readFileSync } from 'node:fs';
import { API_ROUTES, API_TAGS } from './api-routes.js';
import { NAMED_SCHEMAS } from './named-schemas.js';
import { buildOpenApiDocument } from './openapi-document.js';
import type { OpenApiDocument } from './openapi-types.js';

/**
 * The OpenAPI 3.1 document of the agent service's public API ({@link API_ROUTES}), with
 * the package's version. Built on each call: callers keep it (the route builds it once).
 */
export function agentServiceOpenApiDocument(): OpenApiDocument {
  const packageJson = JSON.parse(
    readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
  ) as { version: string; license: string };
  return buildOpenApiDocument({
    routes: API_ROUTES,
    named: NAMED_SCHEMAS,
    tags: API_TAGS,
    info: {
      title: 'agent-chat agent service',
      version: packageJson.version,
      description:
        'Agents that answer from your documents (datastores of datasources), with sources; ' +
        'conversations, operator replies, handoff, contacts and insights. Chaindesk-compatible routes. ' +
        'An OpenAI-compatible API under `/v1`. Every error is `{"error":{"code","message"}}`, ' +
        'except under `/v1`: OpenAI’s `{"error":{"message","type","param","code"}}`.',
      license: { name: packageJson.license, identifier: packageJson.license },
    },
  });
}
