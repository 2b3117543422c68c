import { createSecureContext, type SecureContext } from 'node:tls';
import { featureAllowed } from '@laurel/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { accounts, customDomains } from '../../db/schema.ts';
import { decryptSecret } from '../../secrets.ts';

/**
 * What the host routing and the TLS listener read of the custom domains, kept in memory: every request
 * (static files included) and every TLS handshake asks, so neither may cost a query. The table of active
 * domains is read again at most every few seconds, and at once after a change in this process; another
 * process sees a change within the same few seconds.
 */

const TTL_MS = 5_000;

export interface PortalAccount {
  id: number;
  name: string;
  url: string;
  imagepath: string | null;
}

interface State {
  hosts: Map<string, PortalAccount>;
  loadedAt: number;
  loading: Promise<void> | null;
  /** Whether `hosts` has ever been read: until then a failed read fails the request. */
  loaded: boolean;
  /** Keyed by host; only hosts of the table above ever enter, so its size follows the domains'. */
  contexts: Map<string, { value: SecureContext | null; at: number }>;
}

const states = new WeakMap<AppContext, State>();

function stateOf(context: AppContext): State {
  let state = states.get(context);
  if (!state) {
    state = { hosts: new Map(), loadedAt: 0, loading: null, loaded: false, contexts: new Map() };
    states.set(context, state);
  }
  return state;
}

/** After a change in this process: the next request or handshake reads the table again. */
export function forgetCustomDomains(context: AppContext): void {
  const state = stateOf(context);
  state.loadedAt = 0;
  state.contexts.clear();
}

/** The AAD a stored key is bound to: a key copied to another account's row does not decrypt. */
export const keyContext = (accountId: number) => `custom-domain-key:${accountId}`;

async function load(context: AppContext, state: State): Promise<void> {
  const rows = await context.db
    .select({
      host: customDomains.host,
      id: accounts.id,
      name: accounts.name,
      url: accounts.url,
      imagepath: accounts.imagepath,
      stripe_active: accounts.stripe_active,
      stripe_plan: accounts.stripe_plan,
      subscription_in_pending: accounts.subscription_in_pending,
      trial_started_at: accounts.trial_started_at,
    })
    .from(customDomains)
    .innerJoin(accounts, eq(accounts.id, customDomains.account_id))
    .where(and(eq(customDomains.active, true), isNull(accounts.deleted_at)));
  // A domain stays stored when its account leaves the plan that includes it, and is served again on its return.
  const now = context.clock.now();
  state.hosts = new Map(
    rows
      .filter((row) => featureAllowed(row, 'custom_url', now))
      .map((row) => [row.host, { id: row.id, name: row.name, url: row.url, imagepath: row.imagepath }]),
  );
  state.loadedAt = Date.now();
  state.loaded = true;
}

async function fresh(context: AppContext): Promise<State> {
  const state = stateOf(context);
  if (Date.now() - state.loadedAt >= TTL_MS) {
    state.loading ??= load(context, state).finally(() => {
      state.loading = null;
    });
    try {
      await state.loading;
    } catch (error) {
      // While the database is away (a restart, a failover) the domains read a moment ago keep being served.
      if (!state.loaded) throw error;
    }
  }
  return state;
}

/** The account whose portal an active custom domain serves, or null. `host` is lower-case, without port. */
export async function customDomainAccount(context: AppContext, host: string): Promise<PortalAccount | null> {
  if (!host) return null;
  return (await fresh(context)).hosts.get(host) ?? null;
}

/**
 * The TLS context of a served custom domain with a certificate, or null (the handshake is refused).
 * Built from the stored chain and the decrypted key, and kept for the same few seconds.
 */
export async function secureContextFor(context: AppContext, servername: string): Promise<SecureContext | null> {
  const host = servername.toLowerCase().replace(/\.$/, '');
  const state = await fresh(context);
  const account = state.hosts.get(host);
  if (!account) return null;
  const cached = state.contexts.get(host);
  if (cached && Date.now() - cached.at < TTL_MS) return cached.value;
  const [row] = await context.db
    .select({ certificate: customDomains.certificate, key: customDomains.certificate_key })
    .from(customDomains)
    .where(and(eq(customDomains.host, host), eq(customDomains.is_ssl, true)));
  let value: SecureContext | null = null;
  if (row?.certificate && row.key) {
    try {
      value = createSecureContext({ cert: row.certificate, key: decryptSecret(context.secret, row.key, keyContext(account.id)) });
    } catch (error) {
      context.log.error({ err: error, host }, 'stored certificate of a custom domain unusable');
    }
  }
  state.contexts.set(host, { value, at: Date.now() });
  return value;
}
