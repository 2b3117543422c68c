import { describe, expect, it } from 'vitest';
import { type AccessUser, canChangeMapping } from '../src/index.ts';

/** Who may rename or delete a saved mapping: the rule the server enforces and the wizard's Delete button reads. */

const user = (id: number, role: string | null, flags: Partial<AccessUser> = {}): AccessUser => ({
  id,
  roles: role ? [{ name: role }] : [],
  ...flags,
});
const accountMapping = (createdBy: number | null) => ({ global: false, created_by: createdBy });
const globalMapping = { global: true, created_by: null };

describe('canChangeMapping', () => {
  it('lets account admins change any of the account’s mappings, and only super-admins the global ones', () => {
    expect(canChangeMapping(user(1, 'account_admin'), accountMapping(2))).toBe(true);
    expect(canChangeMapping(user(1, 'account_admin'), globalMapping)).toBe(false);
    expect(canChangeMapping(user(9, 'global_admin'), globalMapping)).toBe(true);
    expect(canChangeMapping(user(9, 'global_admin'), accountMapping(2))).toBe(true);
  });

  it('lets a sub-user who may send change only the mappings they saved', () => {
    const sender = user(5, 'account_user', { allow_all_certificate_sets: true });
    expect(canChangeMapping(sender, accountMapping(5))).toBe(true);
    expect(canChangeMapping(sender, accountMapping(1))).toBe(false);
    expect(canChangeMapping(sender, accountMapping(null))).toBe(false);
    expect(canChangeMapping(user(5, 'account_user', { allow_all_certificate_sets: false }), accountMapping(5))).toBe(false);
  });

  it('gives a portal user none', () => {
    expect(canChangeMapping(user(7, null), accountMapping(7))).toBe(false);
  });
});
