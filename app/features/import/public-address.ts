/**
 * Which network addresses a feed's media URLs may reach. A feed is input from outside: a URL pointing at the
 * server's own loopback, the office network, or the cloud provider's metadata service (169.254.169.254) would make
 * the import fetch from places only the server can reach. Only public unicast addresses pass; everything else is
 * named in plain English for the record's warning.
 */
import { isIP } from 'node:net';

/** Why an address is not public, in words for a negotiator's report; null for a public address. */
type AddressRefusal = string | null;

type Range = { first: number; bits: number; what: string };

/** IPv4 ranges that are not public unicast (IANA special-purpose registry), as [network, prefix length]. */
const IPV4_RANGES: Range[] = [
  ['0.0.0.0', 8, 'an unspecified address'],
  ['10.0.0.0', 8, 'a private network address'],
  ['100.64.0.0', 10, 'a carrier-grade NAT address'],
  ['127.0.0.0', 8, 'a loopback address on this server'],
  ['169.254.0.0', 16, 'a link-local address such as a cloud metadata service'],
  ['172.16.0.0', 12, 'a private network address'],
  ['192.0.0.0', 24, 'a reserved address'],
  ['192.0.2.0', 24, 'a documentation address'],
  ['192.168.0.0', 16, 'a private network address'],
  ['198.18.0.0', 15, 'a reserved address'],
  ['198.51.100.0', 24, 'a documentation address'],
  ['203.0.113.0', 24, 'a documentation address'],
  ['224.0.0.0', 4, 'a multicast address'],
  ['240.0.0.0', 4, 'a reserved address'],
].map(([network, bits, what]) => ({
  first: ipv4Number(network as string),
  bits: bits as number,
  what: what as string,
}));

function ipv4Number(address: string): number {
  return address.split('.').reduce((value, part) => value * 256 + Number(part), 0);
}

function classifyIpv4Number(value: number): AddressRefusal {
  for (const range of IPV4_RANGES) {
    const size = 2 ** (32 - range.bits);
    if (value >= range.first && value < range.first + size) return range.what;
  }
  return null;
}

/** The 16 bytes of an IPv6 address (already validated by isIP), IPv4-suffixed forms (::ffff:1.2.3.4) included. */
function ipv6Bytes(address: string): number[] {
  let text = address.split('%')[0] as string;
  const lastColon = text.lastIndexOf(':');
  if (text.includes('.', lastColon)) {
    const v4 = ipv4Number(text.slice(lastColon + 1));
    text = `${text.slice(0, lastColon + 1)}${Math.floor(v4 / 65536).toString(16)}:${(v4 % 65536).toString(16)}`;
  }
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((group) => parseInt(group, 16)));
  const [head = '', rest] = text.split('::');
  const left = parse(head);
  const right = rest === undefined ? [] : parse(rest);
  const groups = [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
  return groups.flatMap((group) => [group >> 8, group & 0xff]);
}

function classifyIpv6(address: string): AddressRefusal {
  const bytes = ipv6Bytes(address);
  const at = (index: number) => bytes[index] ?? 0;
  const zeroUpTo = (end: number) => bytes.slice(0, end).every((byte) => byte === 0);
  const embeddedV4 = (start: number) => ((at(start) * 256 + at(start + 1)) * 256 + at(start + 2)) * 256 + at(start + 3);
  if (zeroUpTo(16)) return 'an unspecified address';
  if (zeroUpTo(15) && at(15) === 1) return 'a loopback address on this server';
  // IPv4-mapped (::ffff:a.b.c.d) and the NAT64 prefix (64:ff9b::a.b.c.d) reach the embedded IPv4 address.
  if (zeroUpTo(10) && at(10) === 0xff && at(11) === 0xff) return classifyIpv4Number(embeddedV4(12));
  const isNat64 =
    at(0) === 0 && at(1) === 0x64 && at(2) === 0xff && at(3) === 0x9b && bytes.slice(4, 12).every((b) => b === 0);
  if (isNat64) return classifyIpv4Number(embeddedV4(12));
  // 6to4 (2002::/16) carries an IPv4 address in its next 32 bits.
  if (at(0) === 0x20 && at(1) === 0x02) return classifyIpv4Number(embeddedV4(2));
  if (zeroUpTo(12)) return 'a reserved address';
  if (at(0) === 0xff) return 'a multicast address';
  if ((at(0) & 0xfe) === 0xfc) return 'a private network address';
  if (at(0) === 0xfe && (at(1) & 0xc0) === 0x80) return 'a link-local address';
  if (at(0) === 0xfe && (at(1) & 0xc0) === 0xc0) return 'a private network address';
  // Global unicast is 2000::/3; within it, documentation (2001:db8::/32), Teredo (2001::/32, which tunnels to an
  // address it hides) and the other IETF assignments under 2001::/23 are not somewhere a feed's media live.
  if ((at(0) & 0xe0) !== 0x20) return 'a reserved address';
  if (at(0) === 0x20 && at(1) === 0x01 && at(2) === 0x0d && at(3) === 0xb8) return 'a documentation address';
  if (at(0) === 0x20 && at(1) === 0x01 && at(2) < 0x02) return 'a reserved address';
  return null;
}

/**
 * Null when `address` (an IPv4 or IPv6 literal, without brackets) is a public unicast address; otherwise what it is.
 * Anything that is not an IP address at all is refused too.
 */
export function classifyAddress(address: string): AddressRefusal {
  const family = isIP(address.split('%')[0] as string);
  if (family === 4) return classifyIpv4Number(ipv4Number(address));
  if (family === 6) return classifyIpv6(address);
  return 'not an IP address';
}
