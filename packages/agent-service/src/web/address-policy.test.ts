import { describe, expect, it } from 'vitest';
import { blockedAddressReason } from './address-policy.js';

describe('blockedAddressReason', () => {
  it('refuses every non-public range, IPv4 and IPv6, mapped and embedded forms included', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      'fe80::1',
      'fc00::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '[::ffff:7f00:1]',
      '2002:7f00:1::',
      '64:ff9b::7f00:1',
      'not-an-address',
    ]) {
      expect(blockedAddressReason(address), address).toBeDefined();
    }
  });

  it('lets public unicast addresses through', () => {
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8']) {
      expect(blockedAddressReason(address), address).toBeUndefined();
    }
  });
});
