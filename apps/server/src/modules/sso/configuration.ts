import { featureAllowed, type SsoConfigurationInput, type SsoConfigurationReply, upgradeMessage } from '@laurel/domain';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { accounts, ssoConfigurations } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import { hmac } from '../../secrets.ts';
import { assertFeature } from '../billing/index.ts';
import { audit } from '../system/index.ts';
import { certificateExpiry, parseIdpCertificate } from './certificate.ts';

export type SsoConfigurationRow = typeof ssoConfigurations.$inferSelect;

/** The service provider's addresses for one configuration: what the admin pastes into the IdP. */
export function serviceProvider(context: AppContext, publicId: string) {
  const base = `${context.env.PUBLIC_URL}/saml/${publicId}`;
  return { entity_id: `${base}/metadata`, acs_url: `${base}/acs`, sls_url: `${base}/sls`, metadata_url: `${base}/metadata` };
}

async function loadAccount(context: AppContext, accountId: number) {
  const [account] = await context.db.select().from(accounts).where(eq(accounts.id, accountId));
  if (!account) throw notFound();
  return account;
}

export async function findConfiguration(context: AppContext, accountId: number): Promise<SsoConfigurationRow | undefined> {
  const [row] = await context.db.select().from(ssoConfigurations).where(eq(ssoConfigurations.account_id, accountId));
  return row;
}

export async function findConfigurationByPublicId(context: AppContext, publicId: string): Promise<SsoConfigurationRow | undefined> {
  const [row] = await context.db.select().from(ssoConfigurations).where(eq(ssoConfigurations.public_id, publicId));
  return row;
}

/**
 * The opaque id in the service provider's addresses. Derived from the account and the app secret, so
 * the admin sees the same addresses before the first save (to set up the IdP) and after, in every process.
 */
function publicIdFor(context: AppContext, accountId: number): string {
  return hmac(context.secret, `saml-sp:${accountId}`).slice(0, 24);
}

function present(
  context: AppContext,
  account: Parameters<typeof featureAllowed>[0],
  row: SsoConfigurationRow | undefined,
  publicId: string,
) {
  return {
    configuration: row
      ? {
          provider: row.provider,
          idp_entity_id: row.idp_entity_id,
          sso_url: row.sso_url,
          x509_cert: row.x509_cert,
          enabled: row.enabled,
          cert_expires_at: certificateExpiry(row.x509_cert),
        }
      : null,
    service_provider: serviceProvider(context, publicId),
    plan_allows: featureAllowed(account, 'sso', context.clock.now()),
    plan_message: upgradeMessage('sso'),
  } satisfies SsoConfigurationReply;
}

export async function readSsoConfiguration(context: AppContext, accountId: number): Promise<SsoConfigurationReply> {
  const account = await loadAccount(context, accountId);
  const row = await findConfiguration(context, accountId);
  return present(context, account, row, row?.public_id ?? publicIdFor(context, accountId));
}

/** Saves the IdP after the plan gate and the certificate check; the first save fixes the public id. */
export async function saveSsoConfiguration(
  context: AppContext,
  actor: { userId: number; accountId: number; ip: string },
  input: SsoConfigurationInput,
): Promise<SsoConfigurationReply> {
  const account = await loadAccount(context, actor.accountId);
  assertFeature(account, 'sso', context.clock.now());
  parseIdpCertificate(input.x509_cert, context.clock.now());
  const values = { ...input, updated_at: context.clock.now() };
  const [row] = await context.db
    .insert(ssoConfigurations)
    .values({ account_id: actor.accountId, public_id: publicIdFor(context, actor.accountId), ...values })
    .onConflictDoUpdate({ target: ssoConfigurations.account_id, set: values })
    .returning();
  await audit(context, {
    action: 'sso.configuration_saved',
    userId: actor.userId,
    accountId: actor.accountId,
    ip: actor.ip,
    details: { enabled: input.enabled, idp_entity_id: input.idp_entity_id },
  });
  return present(context, account, row!, row!.public_id);
}
