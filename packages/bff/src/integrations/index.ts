/**
 * Integrations: the agent service's public Slack and Discord endpoints
 * (`POST /integrations/…`), relayed byte for byte so a site that exposes only the BFF can
 * connect its agents to both.
 */
export { createIntegrationRelay } from './integration-relay.js';
