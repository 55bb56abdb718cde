import { BlockList, isIP } from 'node:net';

/** Why an address may not be reached from the service. */
export type BlockedAddressReason =
  | 'metadata'
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'link_local'
  | 'cgnat'
  | 'multicast'
  | 'reserved'
  | 'not_an_ip';

type Family = 'ipv4' | 'ipv6';

/** Ranges checked in order: the first match names the reason. IPv4-mapped IPv6 addresses match the IPv4 ranges. */
const RANGES: ReadonlyArray<readonly [BlockedAddressReason, string, number, Family]> = [
  ['metadata', '169.254.169.254', 32, 'ipv4'],
  ['metadata', 'fd00:ec2::254', 128, 'ipv6'],
  ['unspecified', '0.0.0.0', 8, 'ipv4'],
  ['unspecified', '::', 128, 'ipv6'],
  ['loopback', '127.0.0.0', 8, 'ipv4'],
  ['loopback', '::1', 128, 'ipv6'],
  ['private', '10.0.0.0', 8, 'ipv4'],
  ['private', '172.16.0.0', 12, 'ipv4'],
  ['private', '192.168.0.0', 16, 'ipv4'],
  ['private', 'fc00::', 7, 'ipv6'],
  ['link_local', '169.254.0.0', 16, 'ipv4'],
  ['link_local', 'fe80::', 10, 'ipv6'],
  ['cgnat', '100.64.0.0', 10, 'ipv4'],
  ['multicast', '224.0.0.0', 4, 'ipv4'],
  ['multicast', 'ff00::', 8, 'ipv6'],
  ['reserved', '240.0.0.0', 4, 'ipv4'],
  ['reserved', '192.0.0.0', 24, 'ipv4'],
  ['reserved', '192.0.2.0', 24, 'ipv4'],
  ['reserved', '198.18.0.0', 15, 'ipv4'],
  ['reserved', '198.51.100.0', 24, 'ipv4'],
  ['reserved', '203.0.113.0', 24, 'ipv4'],
  // Inside global unicast, but documentation or tunnels that embed an IPv4 address we cannot vet.
  ['reserved', '2001:db8::', 32, 'ipv6'],
  ['reserved', '2001::', 32, 'ipv6'],
  ['reserved', '2002::', 16, 'ipv6'],
];

/**
 * IPv6 is refused outside global unicast (2000::/3): that covers IPv4-compatible and IPv4-mapped
 * forms such as `::127.0.0.1` and `::ffff:0:7f00:1`, NAT64, site-local and every other special range
 * at once, instead of listing them.
 */
const IPV6_GLOBAL_UNICAST = new BlockList();
IPV6_GLOBAL_UNICAST.addSubnet('2000::', 3, 'ipv6');

const LISTS: ReadonlyArray<readonly [BlockedAddressReason, BlockList]> = RANGES.map(
  ([reason, network, prefix, family]) => {
    const list = new BlockList();
    list.addSubnet(network, prefix, family);
    return [reason, list] as const;
  },
);

/**
 * Returns why the address must not be reached, or `undefined` when it is a public unicast address.
 * Anything that is not an IP literal is refused: callers resolve names first.
 */
export function blockedAddressReason(address: string): BlockedAddressReason | undefined {
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  const version = isIP(bare);
  if (version === 0) return 'not_an_ip';
  const family: Family = version === 4 ? 'ipv4' : 'ipv6';
  for (const [reason, list] of LISTS) {
    if (list.check(bare, family)) return reason;
  }
  if (family === 'ipv6' && !IPV6_GLOBAL_UNICAST.check(bare, 'ipv6')) return 'reserved';
  return undefined;
}
