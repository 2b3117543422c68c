import * as oidc from 'openid-client';
import type { Env } from '../config/env.ts';

export interface OidcClientSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** Discovered configurations per running app (its parsed environment): two apps in one process never share one. */
const configurationsByEnv = new WeakMap<Env, Map<string, Promise<oidc.Configuration>>>();

/**
 * An OpenID provider's discovered configuration, fetched once per app and client. Microsoft's multi-tenant
 * issuer (`…/common/v2.0`) publishes `{tenantid}` in its issuer; openid-client accepts that for
 * login.microsoftonline.com and checks each ID token against the tenant it names. A plain-http issuer (a
 * test provider) is allowed only where private targets are, i.e. tests and closed networks.
 */
export function discoverProvider(env: Env, settings: OidcClientSettings): Promise<oidc.Configuration> {
  const configurations = configurationsByEnv.get(env) ?? new Map<string, Promise<oidc.Configuration>>();
  configurationsByEnv.set(env, configurations);
  const key = `${settings.issuer} ${settings.clientId}`;
  let found = configurations.get(key);
  if (!found) {
    const insecure = new URL(settings.issuer).protocol === 'http:' && env.ALLOW_PRIVATE_TARGETS;
    found = oidc.discovery(
      new URL(settings.issuer),
      settings.clientId,
      settings.clientSecret,
      undefined,
      insecure ? { execute: [oidc.allowInsecureRequests] } : undefined,
    );
    configurations.set(key, found);
    // A provider that was unreachable is asked again next time.
    found.catch(() => configurations.delete(key));
  }
  return found;
}
