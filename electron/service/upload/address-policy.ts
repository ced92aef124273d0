/**
 * Optional refusal of loopback/private destinations for `url` fetches and webhooks. DECISIONS
 * allows them by default (local tools serve files there). The check resolves names first; a
 * name that re-resolves between check and connect (DNS rebinding) is not covered.
 */
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/** Not public unicast: private, loopback, link-local, shared, benchmarking, documentation, multicast, reserved. */
const PRIVATE = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  PRIVATE.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::1', 128],
  ['::', 128],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  PRIVATE.addSubnet(net, prefix, 'ipv6');
}

/** IPv6 forms that carry an IPv4 address a packet may end up at: mapped, compatible, NAT64, 6to4. */
function embeddedIpv4(address: string): string | null {
  const dotted = /^(?:::ffff:|::|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (dotted) return dotted[1];
  const words = expandIpv6(address);
  if (!words) return null;
  const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  const zeros = (n: number) => words.slice(0, n).every((w) => w === 0);
  if (zeros(5) && words[5] === 0xffff) return v4(words[6], words[7]);
  if (zeros(6) && (words[6] !== 0 || words[7] > 1)) return v4(words[6], words[7]);
  if (words[0] === 0x64 && words[1] === 0xff9b && words.slice(2, 6).every((w) => w === 0)) return v4(words[6], words[7]);
  if (words[0] === 0x2002) return v4(words[1], words[2]);
  return null;
}

function expandIpv6(address: string): number[] | null {
  if (isIP(address) !== 6) return null;
  let text = address.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number);
    text = text.slice(0, dotted.index) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const part = (s: string | undefined) => (s ? s.split(':').map((w) => parseInt(w, 16)) : []);
  const h = part(head);
  const t = tail === undefined ? [] : part(tail);
  const fill = tail === undefined ? [] : new Array(8 - h.length - t.length).fill(0);
  const words = [...h, ...fill, ...t];
  return words.length === 8 ? words : null;
}

export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 4) return PRIVATE.check(address, 'ipv4');
  const v4 = embeddedIpv4(address);
  if (v4 && PRIVATE.check(v4, 'ipv4')) return true;
  return PRIVATE.check(address, 'ipv6');
}

export class PrivateAddressError extends Error {}

/** Throws PrivateAddressError when the URL's host is, or resolves to, a private address. */
export async function assertPublicUrl(url: string): Promise<void> {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host) ? [host] : (await lookup(host, { all: true })).map((a) => a.address);
  if (addresses.some(isPrivateAddress)) throw new PrivateAddressError(`${host} is a loopback or private address, which this workspace refuses.`);
}
