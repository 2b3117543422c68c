import { isIP } from 'node:net';
import { CUSTOM_DOMAIN_MESSAGES as M } from '@laurel/domain';
import { badRequest } from '../../http/errors.ts';

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * The host of a custom portal URL as stored: lower-case, without scheme, credentials, port, path or a
 * trailing dot (docs/product/recipient-portal.md#rules-and-limits: a scheme prefix is stripped). Empty input is '' (the URL is being cleared).
 * Refused: anything not a DNS name of two labels or more, an IP address, and the service's own
 * BASE_DOMAIN or any name under it (those are the account subdomains).
 */
export function normalizeHost(input: string | null | undefined, baseDomain: string): string {
  let host = (input ?? '').trim().toLowerCase();
  if (!host) return '';
  host = host.replace(/^[a-z][a-z0-9+.-]*:\/\//, '').replace(/^\/\//, '');
  host = host.replace(/[/?#].*$/, '');
  host = host.replace(/^[^@]*@/, '');
  if (host.startsWith('[')) throw badRequest(M.hostIp, { field: 'host' });
  host = host.replace(/:\d*$/, '').replace(/\.$/, '');
  if (isIP(host)) throw badRequest(M.hostIp, { field: 'host' });
  const labels = host.split('.');
  if (host.length > 253 || labels.length < 2 || !labels.every((l) => LABEL.test(l)) || /^\d+$/.test(labels.at(-1)!))
    throw badRequest(M.hostInvalid, { field: 'host' });
  const base = baseDomain.toLowerCase().replace(/\.$/, '');
  if (host === base || host.endsWith(`.${base}`)) throw badRequest(M.hostOurs, { field: 'host' });
  return host;
}
