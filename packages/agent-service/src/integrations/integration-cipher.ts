import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { ERROR_CODES } from '@agent-chat/protocol';
import { AgentServiceError } from '../agent-service-error.js';

/** Seals and opens an integration's credentials (AES-256-GCM, authenticated). */
export interface IntegrationCipher {
  /** `v1.<iv>.<tag>.<ciphertext>` (base64url) of `value` as JSON; a fresh IV each time. */
  seal(value: object): string;
  /** The value {@link seal} sealed; throws when the key differs or the text was altered. */
  open<Value>(sealed: string): Value;
}

/** The prefix of the current format, so a later one can be told apart. */
const VERSION = 'v1';

/**
 * A cipher keyed by `secret` (`INTEGRATIONS_SECRET`): the key is the SHA-256 of the
 * secret, so any long random string works. GCM authenticates the ciphertext, so a row
 * edited in the database, or opened with another key, fails instead of yielding garbage.
 * node:crypto does this in a few lines; no dependency is needed.
 *
 * @example
 * const cipher = createIntegrationCipher(process.env.INTEGRATIONS_SECRET);
 * const sealed = cipher.seal({ botToken: 'xoxb-…' });
 */
export function createIntegrationCipher(secret: string): IntegrationCipher {
  const key = createHash('sha256').update(secret, 'utf8').digest();
  return {
    seal(value) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const ciphertext = Buffer.concat([
        cipher.update(JSON.stringify(value), 'utf8'),
        cipher.final(),
      ]);
      const parts = [iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url'));
      return [VERSION, ...parts].join('.');
    },
    open<Value>(sealed: string): Value {
      const [version, iv, tag, ciphertext] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || ciphertext === undefined) {
        throw new AgentServiceError(
          ERROR_CODES.internal,
          500,
          'Stored credentials are unreadable.',
        );
      }
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        const text = Buffer.concat([
          decipher.update(Buffer.from(ciphertext, 'base64url')),
          decipher.final(),
        ]).toString('utf8');
        return JSON.parse(text) as Value;
      } catch (error) {
        throw new AgentServiceError(
          'INTERNAL',
          500,
          'Stored credentials could not be decrypted: INTEGRATIONS_SECRET differs from the one they were saved with; save them again.',
          { cause: error },
        );
      }
    },
  };
}
