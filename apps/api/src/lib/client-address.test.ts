import { describe, expect, it } from 'vitest';
import { addressKey, parseTrustedProxies } from './client-address';

describe('addressKey', () => {
  it('counts an IPv4 client by its address, also when written as IPv4-mapped IPv6', () => {
    expect(addressKey('203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
  });

  it('counts an IPv6 client by its /64, however the address is written', () => {
    const key = '2001:db8:a:b::/64';
    expect(addressKey('2001:db8:a:b::1')).toBe(key);
    expect(addressKey('2001:0db8:000a:000b:ffff:eeee:dddd:cccc')).toBe(key);
    expect(addressKey('2001:DB8:A:B:0:0:0:1')).toBe(key);
    expect(addressKey('2001:db8:a:b::1%eth0')).toBe(key);
    expect(addressKey('2001:db8:a:c::1')).not.toBe(key);
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('2001:db8::')).toBe('2001:db8:0:0::/64');
    expect(addressKey('64:ff9b::203.0.113.9')).toBe('64:ff9b:0:0::/64');
  });
});

describe('parseTrustedProxies', () => {
  it('takes addresses, CIDR ranges and proxy-addr names, comma separated', () => {
    expect(parseTrustedProxies('10.0.0.1, 172.16.0.0/12,::1,fd00::/8,loopback')).toEqual({
      proxies: ['10.0.0.1', '172.16.0.0/12', '::1', 'fd00::/8', 'loopback'],
    });
  });

  it('refuses names, bad ranges and an empty list', () => {
    expect(parseTrustedProxies('proxy.local')).toHaveProperty('error');
    expect(parseTrustedProxies('10.0.0.0/40')).toHaveProperty('error');
    expect(parseTrustedProxies('::/129')).toHaveProperty('error');
    expect(parseTrustedProxies('10.0.0.0/8/1')).toHaveProperty('error');
    expect(parseTrustedProxies(' , ')).toHaveProperty('error');
  });
});
