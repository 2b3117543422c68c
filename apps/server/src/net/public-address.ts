import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Where the server may connect on a customer's behalf (a logo URL, a custom SMTP host, an OAuth or
 * SAML metadata address): only to public unicast addresses, checked after DNS resolution so a name
 * pointing at 127.0.0.1 or the cloud metadata address is refused like the address itself.
 * `ALLOW_PRIVATE_TARGETS=1` lifts the check for tests and closed networks.
 */

export class PrivateTargetError extends Error {
  override name = 'PrivateTargetError';
  constructor(readonly host: string) {
    super(`${host} is not a public address`);
  }
}

export class UnresolvableHostError extends Error {
  override name = 'UnresolvableHostError';
  constructor(readonly host: string) {
    super(`${host} could not be resolved`);
  }
}

/** ipaddr.js range names that are public; everything else (private, loopback, linkLocal, uniqueLocal, reserved…) is refused. */
const PUBLIC_RANGES = new Set(['unicast']);

export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  // ::ffff:10.0.0.1 and friends are the IPv4 address in disguise.
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  return PUBLIC_RANGES.has(parsed.range());
}

export interface ResolvedTarget {
  address: string;
  family: 4 | 6;
}

/**
 * Resolves `host` and answers the address to connect to, refusing the host when any of its addresses
 * is not public (a name with one public and one private record could otherwise be steered to the
 * private one on a later lookup). Connect to the answered address, not the name, so a second DNS
 * answer cannot differ from the checked one.
 */
export async function resolvePublicTarget(host: string, options: { allowPrivate: boolean }): Promise<ResolvedTarget> {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  const literal = isIP(bare);
  const records = literal
    ? [{ address: bare, family: literal as 4 | 6 }]
    : await lookup(bare, { all: true, verbatim: true }).catch(() => {
        throw new UnresolvableHostError(host);
      });
  const first = records[0];
  if (!first) throw new UnresolvableHostError(host);
  if (!options.allowPrivate && records.some((r) => !isPublicAddress(r.address))) {
    throw new PrivateTargetError(host);
  }
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}
