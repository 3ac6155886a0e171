import { ERROR_CODES } from '@agent-chat/protocol';
import { AgentServiceError } from '../agent-service-error.js';
import type { IntegrationCipher } from './integration-cipher.js';

/** Integrations are off: the service has no key to seal credentials with. */
export function integrationsDisabled(): AgentServiceError {
  return new AgentServiceError(
    ERROR_CODES.unavailable,
    503,
    'Integrations are off: start the service with INTEGRATIONS_SECRET (a long random string) to store Slack and Discord credentials.',
  );
}

/** The cipher, or {@link integrationsDisabled}. */
export function requireCipher(cipher: IntegrationCipher | undefined): IntegrationCipher {
  if (!cipher) throw integrationsDisabled();
  return cipher;
}

/** A platform request whose signature is missing, wrong, or too old (a replay). */
export function badSignature(platform: string): AgentServiceError {
  return new AgentServiceError(
    ERROR_CODES.unauthorized,
    401,
    `The request is not signed by ${platform} with this agent's credentials, or its timestamp is more than 5 minutes old.`,
  );
}

/** A platform request for an agent without that integration, or for another workspace. */
export function unknownIntegration(platform: string, agentId: string): AgentServiceError {
  return new AgentServiceError(
    ERROR_CODES.notFound,
    404,
    `Agent "${agentId}" is not connected to this ${platform}.`,
  );
}
