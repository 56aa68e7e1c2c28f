import net from 'node:net';

/** Names proxy-addr (Fastify's trustProxy) understands besides addresses and CIDR ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * The key a client's address is counted under by the per-address limits. An IPv4 address counts as
 * itself; an IPv6 address by its /64, because one home or school network gets a whole /64 and a
 * client may pick a new address in it for every request.
 */
export function addressKey(ip: string): string {
  const address = ip.trim().replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) {
    return mapped[1]!;
  }
  if (net.isIPv4(address)) {
    return address;
  }
  const groups = net.isIPv6(address) ? ipv6Groups(address) : null;
  if (!groups) {
    // Not an address (a test's made-up client, a unix socket): counted as given.
    return address;
  }
  return `${groups.slice(0, 4).join(':')}::/64`;
}

/** The eight groups of an IPv6 address, without leading zeros ('2001:db8::1' → 2001, db8, 0, …, 1). */
function ipv6Groups(address: string): string[] | null {
  let text = address.toLowerCase();
  const embedded = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (embedded) {
    const [a, b, c, d] = embedded.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, embedded.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === undefined || tail === '' ? [] : tail.split(':');
  const missing = 8 - headGroups.length - tailGroups.length;
  if (missing < 0 || (tail === undefined && missing !== 0)) {
    return null;
  }
  return [...headGroups, ...Array<string>(missing).fill('0'), ...tailGroups].map((group) =>
    parseInt(group, 16).toString(16),
  );
}

/**
 * Parses TRUST_PROXY: the addresses, CIDR ranges or proxy-addr names of the proxies in front of the
 * server, comma separated. Answers the list for Fastify, or an error in Spanish.
 */
export function parseTrustedProxies(value: string): { proxies: string[] } | { error: string } {
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) {
    return { error: 'indica al menos una dirección o rango CIDR' };
  }
  for (const entry of entries) {
    if (!isProxyEntry(entry)) {
      return {
        error: `"${entry}" no es una dirección IP, un rango CIDR ni loopback, linklocal o uniquelocal`,
      };
    }
  }
  return { proxies: entries };
}

function isProxyEntry(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry) || net.isIP(entry) !== 0) {
    return true;
  }
  const [address, bits, extra] = entry.split('/');
  if (extra !== undefined || !address || !bits || !/^\d{1,3}$/.test(bits)) {
    return false;
  }
  const version = net.isIP(address);
  return version !== 0 && Number(bits) <= (version === 4 ? 32 : 128);
}
