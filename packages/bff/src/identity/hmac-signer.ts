import { createHmac, timingSafeEqual } from 'node:crypto';
import { SIGNATURE_LENGTH } from '@agent-chat/protocol';

/** Length of a signature in characters: 128 bits of HMAC-SHA256, base64url (the protocol's, which widgets cut off). */
export { SIGNATURE_LENGTH };

/** Signs and checks short messages with one key. */
export interface HmacSigner {
  /** The signature of `parts` (joined unambiguously), {@link SIGNATURE_LENGTH} base64url characters. */
  sign(parts: readonly string[]): string;
  /** Whether `signature` is the signature of `parts`, compared in constant time. */
  verify(parts: readonly string[], signature: string): boolean;
}

/**
 * Creates an HMAC-SHA256 signer. Parts are joined with NUL (ids never contain it), so
 * `['ab', 'c']` and `['a', 'bc']` sign differently; the first part names what is signed
 * (`visitor`, `conversation`) so one kind of signature is never valid as another.
 */
export function createHmacSigner(key: string | Buffer): HmacSigner {
  const digest = (parts: readonly string[]): Buffer =>
    createHmac('sha256', key).update(parts.join('\0')).digest().subarray(0, 16);
  return {
    sign: (parts) => digest(parts).toString('base64url'),
    verify(parts, signature) {
      if (signature.length !== SIGNATURE_LENGTH) return false;
      const given = Buffer.from(signature, 'base64url');
      const expected = digest(parts);
      // Buffer.from ignores characters outside base64url: compare the text form too.
      return (
        given.length === expected.length &&
        timingSafeEqual(given, expected) &&
        given.toString('base64url') === signature
      );
    },
  };
}
