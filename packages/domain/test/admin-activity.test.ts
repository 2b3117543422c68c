import { describe, expect, it } from 'vitest';
import { givenCategory } from '../src/api/admin-accounts.ts';
import { type ACTIVITY_KINDS, activityKindOf, auditActionLabel } from '../src/api/admin-activity.ts';
import { DEFAULT_CATEGORY } from '../src/constants.ts';

describe('the activity log’s kinds (docs/product/super-admin.md#activity)', () => {
  it('names the kind of each audited action, and none for the rest', () => {
    const examples: [string, (typeof ACTIVITY_KINDS)[number] | null][] = [
      ['certificates.sent', 'sends'],
      ['certificates.resent', 'sends'],
      ['certificate.revoked', 'revocations'],
      ['certificate.reinstated', 'revocations'],
      ['team.user_added', 'users'],
      ['user.password_set_by_admin', 'users'],
      ['two_factor.disabled', 'users'],
      ['user.impersonated', 'impersonations'],
      ['user.impersonation_ended', 'impersonations'],
      ['account.plan_granted', 'plans'],
      ['billing.plan_changed', 'plans'],
      ['billing.customer.subscription.deleted', 'plans'],
      ['api_key.revoked', 'api_keys'],
      ['sso.configuration_saved', 'sso'],
      ['auth.login', null],
      ['settings.privacy_policy', null],
      // `api_key.` is a prefix with a dot: a name that merely starts alike is not an API key change.
      ['api_keyring.made', null],
    ];
    for (const [action, kind] of examples) expect(activityKindOf(action), action).toBe(kind);
  });

  it('reads an action as a person would, or as written when it has no label', () => {
    expect(auditActionLabel('certificate.revoked')).toBe('Certificate revoked');
    expect(auditActionLabel('settings.privacy_policy')).toBe('settings.privacy_policy');
  });
});

describe('an account’s category', () => {
  it('is none when the account left the registration’s placeholder or nothing', () => {
    expect(givenCategory(DEFAULT_CATEGORY)).toBeNull();
    expect(givenCategory('  ')).toBeNull();
    expect(givenCategory(' Education ')).toBe('Education');
  });
});
