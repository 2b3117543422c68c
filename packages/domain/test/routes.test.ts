import { describe, expect, it } from 'vitest';
import type { AccessUser } from '../src/roles.ts';
import { impersonationLandingPath, landingPath } from '../src/roles.ts';
import { BILLING_PATHS, routeRedirect } from '../src/routes.ts';

const user = (role: string | null, flags: Partial<AccessUser> = {}): AccessUser => ({
  id: 1,
  roles: role ? [{ name: role }] : [],
  ...flags,
});
const main = (path: string, u: AccessUser | null) => routeRedirect({ path, user: u, onPortalHost: false });

describe('landing pages (docs/product/access-and-routes.md#screens)', () => {
  it('sends each role where the spec says', () => {
    expect(landingPath(user('global_admin'))).toBe('/dashboard');
    expect(landingPath(user('account_admin'))).toBe('/dashboard');
    expect(landingPath(user('account_user', { allow_certificate_set_edits: true }))).toBe('/build');
    expect(landingPath(user('account_user', { allow_certificate_email_edits: true }))).toBe('/build');
    expect(landingPath(user('account_user'))).toBe('/send');
    expect(landingPath(user(null))).toBe('/register');
    expect(impersonationLandingPath(user('account_user', { allow_certificate_set_create: true }))).toBe('/build');
    expect(impersonationLandingPath(user('account_user'))).toBe('/send');
  });
});

describe('routeRedirect (docs/product/access-and-routes.md#screens)', () => {
  it('sends signed-out visitors to the right login, except on public paths', () => {
    expect(main('/dashboard', null)).toBe('/login');
    expect(main('/store/projects/4', null)).toBe('/login');
    expect(main('/portal', null)).toBe('/portal/login');
    expect(main('/portal/certificates', null)).toBe('/portal/login');
    expect(main('/credentials', null)).toBe('/credentials/login');
    for (const open of [
      '/',
      '/login',
      '/register',
      '/register/success',
      '/user/confirm/abc',
      '/user/reset/abc',
      '/portal/login',
      '/credentials/login',
    ]) {
      expect(main(open, null), open).toBeNull();
    }
  });

  it('sends users without roles to /register except on register, portal and credentials pages', () => {
    const recipient = user(null);
    expect(main('/dashboard', recipient)).toBe('/register');
    expect(main('/build', recipient)).toBe('/register');
    expect(main('/register', recipient)).toBeNull();
    expect(main('/portal/certificates', recipient)).toBeNull();
    expect(main('/credentials', recipient)).toBeNull();
  });

  it('sends signed-in users with roles away from login and register to their landing page', () => {
    expect(main('/register', user('account_admin'))).toBe('/dashboard');
    expect(main('/login', user('account_user'))).toBe('/send');
    expect(main('/', user('global_admin'))).toBe('/dashboard');
    expect(main('/dashboard', user('account_admin'))).toBeNull();
  });

  it('keeps admin screens for super-admins', () => {
    expect(main('/admin/accounts', user('account_admin'))).toBe('/dashboard');
    expect(main('/promo-codes', user('account_user', { allow_certificate_set_edits: true }))).toBe('/build');
    expect(main('/admin/accounts', user('global_admin'))).toBeNull();
    expect(main('/credits', user('global_admin'))).toBeNull();
  });

  it('on a portal host allows only portal, confirm, reset and credentials-login paths', () => {
    const onPortal = (path: string, credentialsPortal = false) =>
      routeRedirect({ path, user: null, onPortalHost: true, credentialsPortal });
    expect(onPortal('/dashboard')).toBe('/portal');
    expect(onPortal('/')).toBe('/portal');
    expect(onPortal('/login')).toBe('/portal');
    expect(onPortal('/portal')).toBe('/portal/login');
    expect(onPortal('/portal/login')).toBeNull();
    expect(onPortal('/user/reset/x')).toBeNull();
    expect(onPortal('/build', true)).toBe('/credentials');
    expect(onPortal('/credentials', true)).toBe('/credentials/login');
    expect(routeRedirect({ path: '/dashboard', user: user('account_admin'), onPortalHost: true })).toBe('/portal');
  });
});

describe('the public certificate page', () => {
  it('is open to everyone on the main host', () => {
    expect(main('/c/abc', null)).toBeNull();
    expect(main('/c/abc', user(null))).toBeNull();
    expect(main('/c/abc', user('account_admin'))).toBeNull();
  });
});

describe('the email preferences page', () => {
  it('is open to everyone on the main host, like the certificate page its email links to', () => {
    expect(main('/preferences/abc', null)).toBeNull();
    expect(main('/preferences/abc', user(null))).toBeNull();
    expect(main('/preferences/abc', user('account_admin'))).toBeNull();
  });
});

describe('an account that requires two-factor authentication', () => {
  it('keeps a user who has not turned it on to its screen, and lands them there', () => {
    const pending = user('account_user', { two_factor_setup_required: true });
    expect(landingPath(pending)).toBe('/account/two-factored-authentication');
    expect(main('/send', pending)).toBe('/account/two-factored-authentication');
    expect(main('/account', pending)).toBe('/account/two-factored-authentication');
    expect(main('/account/two-factored-authentication', pending)).toBeNull();
    expect(main('/send', user('account_user', { two_factor_setup_required: false }))).toBeNull();
  });
});

describe('billing screens (docs/product/billing-and-credits.md#who-may-do-what)', () => {
  it('are the account admin’s: a sub-user, with or without rights, goes to the account profile', () => {
    for (const path of BILLING_PATHS) {
      expect(main(path, user('account_admin')), path).toBeNull();
      expect(main(path, user('global_admin')), path).toBeNull();
      expect(main(path, user('account_user')), path).toBe('/account');
      expect(main(path, user('account_user', { allow_certificate_set_create: true, allow_all_certificate_sets: true })), path).toBe(
        '/account',
      );
    }
    expect(main('/account/billing-history/2025', user('account_user'))).toBe('/account');
    // The rest of the account area stays theirs.
    expect(main('/account', user('account_user'))).toBeNull();
    expect(main('/account/two-factored-authentication', user('account_user'))).toBeNull();
  });
});
