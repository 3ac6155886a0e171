import { createPublicKey, type KeyObject, verify } from 'node:crypto';

/** The DER prefix of an Ed25519 SubjectPublicKeyInfo, before the raw 32-byte key. */
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

/** Discord's hex public key as a node:crypto key (node verifies Ed25519 itself: no dependency). */
export function discordPublicKey(hex: string): KeyObject {
  return createPublicKey({
    key: Buffer.concat([ED25519_SPKI_PREFIX, Buffer.from(hex, 'hex')]),
    format: 'der',
    type: 'spki',
  });
}

/**
 * Whether an interaction really comes from Discord, as Discord documents it: the
 * `X-Signature-Ed25519` (hex) of `X-Signature-Timestamp` + the raw body, under the
 * application's public key. Discord has no replay window of its own; a timestamp more
 * than 5 minutes from `nowMs` is refused too.
 */
export function verifyDiscordRequest(
  key: KeyObject,
  request: { timestamp: string | undefined; signature: string | undefined; body: Buffer },
  nowMs: number,
): boolean {
  const { timestamp, signature } = request;
  if (!timestamp || !signature || !/^\d{1,12}$/.test(timestamp)) return false;
  if (!/^[0-9a-f]{128}$/i.test(signature)) return false;
  if (Math.abs(nowMs / 1000 - Number(timestamp)) > 300) return false;
  try {
    return verify(
      null,
      Buffer.concat([Buffer.from(timestamp, 'utf8'), request.body]),
      key,
      Buffer.from(signature, 'hex'),
    );
  } catch {
    return false;
  }
}
