import { describe, expect, it } from 'vitest';
import { isPublicAddress, PrivateTargetError, resolvePublicTarget } from '../../src/net/public-address.ts';

describe('public addresses', () => {
  it('refuses every private, loopback, link-local, metadata and reserved range', () => {
    const refused = [
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '127.0.0.1',
      '0.0.0.0',
      '169.254.169.254',
      '100.64.0.1',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      'fe80::1',
      'fd00::1',
      '::ffff:10.0.0.1',
      '::ffff:127.0.0.1',
      'not an address',
    ];
    for (const address of refused) expect(isPublicAddress(address), address).toBe(false);
  });

  it('accepts public unicast addresses of both families', () => {
    for (const address of ['8.8.8.8', '1.1.1.1', '2001:4860:4860::8888', '::ffff:8.8.8.8']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });

  it('checks a name after resolving it, unless private targets are allowed', async () => {
    await expect(resolvePublicTarget('localhost', { allowPrivate: false })).rejects.toBeInstanceOf(PrivateTargetError);
    await expect(resolvePublicTarget('[::1]', { allowPrivate: false })).rejects.toBeInstanceOf(PrivateTargetError);
    await expect(resolvePublicTarget('127.0.0.1', { allowPrivate: true })).resolves.toEqual({ address: '127.0.0.1', family: 4 });
    await expect(resolvePublicTarget('8.8.8.8', { allowPrivate: false })).resolves.toEqual({ address: '8.8.8.8', family: 4 });
  });
});
