/**
 * The fetcher's guard against server-side request forgery where a connection is made: a
 * DNS lookup that refuses names resolving to a non-public address (run at connect time,
 * after every redirect too), and the refusal of a URL whose host is such an address.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { blockedAddressReason, isIpLiteral } from './address-policy.js';
import { FetchError } from './fetch-error.js';

/**
 * A DNS lookup that refuses names resolving to a non-public address. It runs when the
 * socket connects — for the first request and after every redirect — so the address
 * checked is the address connected to (no gap for DNS rebinding).
 */
export function createGuardedLookup(): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) {
        callback(error, '', 0);
        return;
      }
      for (const entry of addresses) {
        const reason = blockedAddressReason(entry.address);
        if (reason !== undefined) {
          callback(
            new FetchError(
              'BLOCKED_ADDRESS',
              `${hostname} resolves to ${reason}; private addresses are not fetched (ALLOW_PRIVATE_URLS=true allows them).`,
            ),
            '',
            0,
          );
          return;
        }
      }
      if (options.all) (callback as (e: null, a: LookupAddress[]) => void)(null, addresses);
      else callback(null, addresses[0]?.address ?? '', addresses[0]?.family ?? 4);
    });
  };
}

/**
 * The refusal of `url` when its host is an IP literal of a non-public address (no lookup
 * runs for one), or `undefined` when it is not one.
 */
export function blockedLiteralError(url: URL): FetchError | undefined {
  if (!isIpLiteral(url.hostname)) return undefined;
  const reason = blockedAddressReason(url.hostname);
  if (reason === undefined) return undefined;
  return new FetchError(
    'BLOCKED_ADDRESS',
    `${url.origin} is ${reason}; private addresses are not fetched (ALLOW_PRIVATE_URLS=true allows them).`,
  );
}
