/**
 * Addresses a production webhook must never reach, written the ways an attacker's URL or DNS answer may write
 * them (issue 37's security run): IPv6 forms that carry an IPv4 address, the IPv4 ranges that are neither private
 * nor public, and the documentation ranges; then the classic private ones. Each is refused at registration and at
 * connect time (features/admin-webhooks, platform/webhooks.ts).
 */
export const refusedAddresses: readonly [form: string, address: string][] = [
  ['NAT64 of a private address (64:ff9b::/96)', '64:ff9b::a00:1'],
  ['NAT64 of loopback', '64:ff9b::127.0.0.1'],
  ['NAT64 of a public address', '64:ff9b::808:808'],
  ['local-use NAT64 (64:ff9b:1::/48)', '64:ff9b:1::a00:1'],
  ['6to4 of loopback (2002::/16)', '2002:7f00:1::1'],
  ['6to4 of a private address', '2002:a00:1::'],
  ['IPv4-translated (::ffff:0:0:0/96)', '::ffff:0:7f00:1'],
  ['IPv4-compatible (::/96)', '::127.0.0.1'],
  ['IPv4-mapped private', '::ffff:10.0.0.1'],
  ['IPv4-mapped loopback', '::ffff:127.0.0.1'],
  ['Teredo (2001::/32)', '2001:0:4136:e378:8000:63bf:3fff:fdd2'],
  ['benchmarking (198.18.0.0/15)', '198.18.0.1'],
  ['benchmarking, its last address', '198.19.255.254'],
  ['IETF protocol assignments (192.0.0.0/24)', '192.0.0.8'],
  ['documentation TEST-NET-1 (192.0.2.0/24)', '192.0.2.10'],
  ['documentation TEST-NET-2 (198.51.100.0/24)', '198.51.100.7'],
  ['documentation TEST-NET-3 (203.0.113.0/24)', '203.0.113.9'],
  ['IPv6 documentation (2001:db8::/32)', '2001:db8::1'],
  ['IPv6 documentation (3fff::/20)', '3fff::1'],
  ['reserved (240.0.0.0/4)', '240.0.0.1'],
  ['broadcast', '255.255.255.255'],
  ['multicast', '224.0.0.1'],
  ['carrier-grade NAT', '100.64.0.1'],
  ['private 10/8', '10.1.2.3'],
  ['private 172.16/12', '172.31.255.254'],
  ['private 192.168/16', '192.168.1.20'],
  ['loopback', '127.8.9.10'],
  ['link-local (cloud metadata)', '169.254.169.254'],
  ['this network', '0.0.0.0'],
  ['IPv6 loopback', '::1'],
  ['IPv6 unspecified', '::'],
  ['IPv6 unique local', 'fd12:3456:789a::1'],
  ['IPv6 link-local', 'fe80::1'],
  ['IPv6 multicast', 'ff02::1'],
  ['not an address', 'not an address'],
];

/** Global unicast addresses: what a production webhook may reach. */
export const publicAddresses: readonly string[] = [
  '8.8.8.8',
  '93.184.216.34',
  '172.15.0.1',
  '192.169.0.1',
  '198.20.0.1',
  '::ffff:8.8.8.8',
  '2001:4860:4860::8888',
  '2606:4700:4700::1111',
];
