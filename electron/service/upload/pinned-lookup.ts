/**
 * A DNS lookup for outgoing connections that refuses non-public addresses at connect time. The
 * address checked is the address connected to: checking a name first and letting the connection
 * resolve it again lets a rebinding name answer a public address to the check and a private one
 * to the connection.
 */
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { isIP } from 'node:net';
import { PrivateAddressError, isPrivateAddress } from './address-policy.js';

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

export function publicOnlyLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, []);
    const list = addresses as LookupAddress[];
    const refused = list.find((a) => isPrivateAddress(a.address));
    if (refused || list.length === 0) {
      const error = new PrivateAddressError(
        `${hostname} resolves to ${refused?.address ?? 'no address'}, a loopback or private address, which this workspace refuses.`,
      ) as NodeJS.ErrnoException;
      error.code = 'EPRIVATEADDRESS';
      return callback(error, []);
    }
    if (options.all) return callback(null, list);
    callback(null, list[0].address, list[0].family);
  });
}

/** Throws for an IP-literal host that is not public (literals are never looked up). */
export function assertPublicLiteral(url: URL): void {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) && isPrivateAddress(host)) throw new PrivateAddressError(`${host} is a loopback or private address, which this workspace refuses.`);
}
