import { BlockList } from 'node:net';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classifyAddress } from './public-address.ts';

/** The same ranges written as node's BlockList (an independent matcher) to check the classifier against. */
const notPublicV4: [string, number][] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];
const v4Oracle = new BlockList();
for (const [network, bits] of notPublicV4) v4Oracle.addSubnet(network, bits, 'ipv4');

const octet = fc.integer({ min: 0, max: 255 });
const ipv4 = fc.tuple(octet, octet, octet, octet).map((parts) => parts.join('.'));
const group = fc.integer({ min: 0, max: 0xffff });
const groups = fc.array(group, { minLength: 8, maxLength: 8 });
const full = (parts: number[]) => parts.map((part) => part.toString(16)).join(':');
/** The WHATWG URL parser's canonical (compressed) spelling of an IPv6 address. */
const canonical = (address: string) => new URL(`http://[${address}]/`).hostname.slice(1, -1);

function inSubnet(network: number[], bits: number) {
  return groups.map((parts) =>
    parts.map((part, index) => {
      const fixed = Math.max(0, Math.min(16, bits - index * 16));
      const mask = fixed === 0 ? 0 : (0xffff << (16 - fixed)) & 0xffff;
      return ((network[index] ?? 0) & mask) | (part & ~mask & 0xffff);
    }),
  );
}

describe('classifyAddress', () => {
  it('names the addresses a feed must not reach', () => {
    expect(classifyAddress('127.0.0.1')).toBe('a loopback address on this server');
    expect(classifyAddress('10.1.2.3')).toBe('a private network address');
    expect(classifyAddress('172.31.255.255')).toBe('a private network address');
    expect(classifyAddress('192.168.1.10')).toBe('a private network address');
    expect(classifyAddress('169.254.169.254')).toBe('a link-local address such as a cloud metadata service');
    expect(classifyAddress('0.0.0.0')).toBe('an unspecified address');
    expect(classifyAddress('224.0.0.251')).toBe('a multicast address');
    expect(classifyAddress('255.255.255.255')).toBe('a reserved address');
    expect(classifyAddress('::1')).toBe('a loopback address on this server');
    expect(classifyAddress('::')).toBe('an unspecified address');
    expect(classifyAddress('fd12:3456::1')).toBe('a private network address');
    expect(classifyAddress('fe80::1%eth0')).toBe('a link-local address');
    expect(classifyAddress('ff02::1')).toBe('a multicast address');
    expect(classifyAddress('::ffff:127.0.0.1')).toBe('a loopback address on this server');
    expect(classifyAddress('::ffff:a9fe:a9fe')).toBe('a link-local address such as a cloud metadata service');
    expect(classifyAddress('64:ff9b::10.0.0.1')).toBe('a private network address');
    expect(classifyAddress('2002:7f00:1::')).toBe('a loopback address on this server');
    expect(classifyAddress('2001:db8::1')).toBe('a documentation address');
    expect(classifyAddress('example.com')).toBe('not an IP address');
  });

  it('lets public addresses through', () => {
    for (const address of ['8.8.8.8', '172.32.0.1', '81.2.69.142', '2a00:1450:4009:81e::200e', '2606:4700::1111']) {
      expect(classifyAddress(address)).toBeNull();
    }
    expect(classifyAddress('::ffff:8.8.8.8')).toBeNull();
    expect(classifyAddress('2002:0808:0808::1')).toBeNull();
  });

  it('agrees with an independent matcher on every IPv4 address', () => {
    fc.assert(
      fc.property(ipv4, (address) => {
        expect(classifyAddress(address) === null).toBe(!v4Oracle.check(address, 'ipv4'));
      }),
      { numRuns: 5_000 },
    );
  });

  it('refuses every address inside the private, loopback and link-local IPv4 ranges', () => {
    const privateRanges: [number[], number][] = [
      [[10, 0, 0, 0], 8],
      [[127, 0, 0, 0], 8],
      [[169, 254, 0, 0], 16],
      [[172, 16, 0, 0], 12],
      [[192, 168, 0, 0], 16],
    ];
    const inRange = fc
      .tuple(fc.constantFrom(...privateRanges), fc.integer({ min: 0, max: 2 ** 24 - 1 }))
      .map(([[network, bits], host]) => {
        const base = network.reduce((value, part) => value * 256 + part, 0);
        const value = base + (host % 2 ** (32 - bits));
        return [24, 16, 8, 0].map((shift) => Math.floor(value / 2 ** shift) % 256).join('.');
      });
    fc.assert(
      fc.property(inRange, (address) => {
        expect(classifyAddress(address)).not.toBeNull();
      }),
    );
  });

  it('classifies an IPv4 address the same when it is mapped into IPv6, in either spelling', () => {
    fc.assert(
      fc.property(ipv4, (address) => {
        const expected = classifyAddress(address);
        expect(classifyAddress(`::ffff:${address}`)).toBe(expected);
        expect(classifyAddress(canonical(`::ffff:${address}`))).toBe(expected);
        expect(classifyAddress(`64:ff9b::${address}`)).toBe(expected);
      }),
    );
  });

  it('refuses every unique-local, link-local, multicast and loopback IPv6 address', () => {
    const ranges = fc.oneof(
      inSubnet([0xfc00], 7),
      inSubnet([0xfe80], 10),
      inSubnet([0xff00], 8),
      fc.constant<number[]>([0, 0, 0, 0, 0, 0, 0, 1]),
      fc.constant<number[]>([0, 0, 0, 0, 0, 0, 0, 0]),
    );
    fc.assert(
      fc.property(ranges, (parts) => {
        expect(classifyAddress(full(parts))).not.toBeNull();
      }),
    );
  });

  it('gives the same answer for the full and compressed spellings of any IPv6 address', () => {
    fc.assert(
      fc.property(groups, (parts) => {
        expect(classifyAddress(canonical(full(parts)))).toBe(classifyAddress(full(parts)));
      }),
      { numRuns: 2_000 },
    );
  });

  it('passes only global unicast IPv6 (2000::/3) outside the special blocks, or a public IPv4 address mapped in', () => {
    fc.assert(
      fc.property(groups, (parts) => {
        const isMapped = parts.slice(0, 5).every((part) => part === 0) && parts[5] === 0xffff;
        const isNat64 = parts[0] === 0x64 && parts[1] === 0xff9b && parts.slice(2, 6).every((part) => part === 0);
        fc.pre(!isMapped && !isNat64);
        const isPublic = classifyAddress(full(parts)) === null;
        if (isPublic) expect((parts[0] ?? 0) >> 13).toBe(1);
      }),
      { numRuns: 2_000 },
    );
    fc.assert(
      fc.property(inSubnet([0x2a00], 8), (parts) => {
        expect(classifyAddress(full(parts))).toBeNull();
      }),
    );
  });
});
