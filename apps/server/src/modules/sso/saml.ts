import { featureAllowed, SSO_MESSAGES as M, normalizeEmail } from '@laurel/domain';
import { type CacheProvider, type Profile, SAML, ValidateInResponseTo } from '@node-saml/node-saml';
import { parseDomFromString, xpath } from '@node-saml/node-saml/lib/xml.js';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { accounts, ssoAssertions, ssoConfigurations, ssoRequests, users } from '../../db/schema.ts';
import { badRequest } from '../../http/errors.ts';
import { type SsoConfigurationRow, serviceProvider } from './configuration.ts';

/** How far the IdP's clock may be from ours, either way. */
export const CLOCK_SKEW_MS = 2 * 60_000;
/** How long an AuthnRequest we sent may be answered. */
const REQUEST_TTL_MS = 10 * 60_000;

/** A refused response: the reason goes to the log, the user sees one plain message. */
export class SamlRefused extends Error {
  constructor(
    reason: string,
    readonly userMessage: string = M.failed,
  ) {
    super(reason);
  }
}

/**
 * The AuthnRequests we issued, in the database (any process may receive the response): node-saml
 * checks a response's InResponseTo against them and removes the entry once used.
 */
function requestStore(context: AppContext, configurationId: number): CacheProvider {
  return {
    async saveAsync(key, value) {
      const now = context.clock.now();
      await context.db.delete(ssoRequests).where(lt(ssoRequests.expires_at, now));
      await context.db.insert(ssoRequests).values({
        request_id: key,
        configuration_id: configurationId,
        created_at: now,
        expires_at: new Date(now.getTime() + REQUEST_TTL_MS),
      });
      return { value, createdAt: now.getTime() };
    },
    async getAsync(key) {
      const [row] = await context.db
        .select()
        .from(ssoRequests)
        .where(
          and(
            eq(ssoRequests.request_id, key),
            eq(ssoRequests.configuration_id, configurationId),
            gt(ssoRequests.expires_at, context.clock.now()),
          ),
        );
      return row ? row.created_at.toISOString() : null;
    },
    async removeAsync(key) {
      if (!key) return null;
      const removed = await context.db
        .delete(ssoRequests)
        .where(and(eq(ssoRequests.request_id, key), eq(ssoRequests.configuration_id, configurationId)))
        .returning();
      return removed.length > 0 ? key : null;
    },
  };
}

/**
 * node-saml for one configuration: assertions must be signed by the configured certificate (a signed
 * response alone is not enough), the audience is our entity id, every response answers a request we
 * sent, and the IdP's clock may be off by at most two minutes.
 */
function samlFor(context: AppContext, config: SsoConfigurationRow): SAML {
  const sp = serviceProvider(context, config.public_id);
  return new SAML({
    idpCert: config.x509_cert,
    issuer: sp.entity_id,
    audience: sp.entity_id,
    callbackUrl: sp.acs_url,
    logoutCallbackUrl: sp.sls_url,
    entryPoint: config.sso_url,
    idpIssuer: config.idp_entity_id,
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: false,
    acceptedClockSkewMs: CLOCK_SKEW_MS,
    validateInResponseTo: ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: REQUEST_TTL_MS,
    cacheProvider: requestStore(context, config.id),
    identifierFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
    disableRequestedAuthnContext: true,
  });
}

/** The service provider's metadata XML: entity id, ACS (HTTP-POST), single logout, signed assertions wanted. */
export function spMetadata(context: AppContext, config: SsoConfigurationRow): string {
  return samlFor(context, config).generateServiceProviderMetadata(null, null);
}

/** A configuration that may sign anyone in: switched on, on an account that exists and has SSO in its plan. */
async function usableConfiguration(context: AppContext, where: ReturnType<typeof eq>) {
  const [found] = await context.db
    .select({ config: ssoConfigurations, account: accounts })
    .from(ssoConfigurations)
    .innerJoin(accounts, eq(accounts.id, ssoConfigurations.account_id))
    .where(and(where, eq(ssoConfigurations.enabled, true), isNull(accounts.deleted_at)));
  if (!found || !featureAllowed(found.account, 'sso', context.clock.now())) return null;
  return found.config;
}

/**
 * `POST sso/login`: the IdP sign-in address for an account user whose account has SSO switched on.
 * Every other case answers the same message, so the form reveals neither addresses nor accounts.
 */
export async function startSamlLogin(context: AppContext, email: string): Promise<string> {
  const [user] = await context.db
    .select()
    .from(users)
    .where(eq(users.email, normalizeEmail(email)));
  const config =
    user?.account_id && user.roles.length > 0 && user.active && !user.banned
      ? await usableConfiguration(context, eq(ssoConfigurations.account_id, user.account_id))
      : null;
  if (!config) throw badRequest(M.notAvailable, { error_type: 'sso_unavailable' });
  return samlFor(context, config).getAuthorizeUrlAsync('', undefined, {});
}

export async function usableConfigurationByPublicId(context: AppContext, publicId: string) {
  return usableConfiguration(context, eq(ssoConfigurations.public_id, publicId));
}

type Xml = { $?: Record<string, string>; _?: string; [key: string]: unknown };
const first = (value: unknown): Xml | undefined => (Array.isArray(value) ? (value[0] as Xml) : undefined);

/** The times and recipient of the signed assertion node-saml verified. */
function assertionFacts(profile: Profile) {
  const assertion = (profile.getAssertion?.() as { Assertion?: Xml } | undefined)?.Assertion;
  const conditions = first(assertion?.Conditions);
  const confirmation = first(first(first(assertion?.Subject)?.SubjectConfirmation)?.SubjectConfirmationData);
  const ends = [conditions?.$?.NotOnOrAfter, confirmation?.$?.NotOnOrAfter].filter((v): v is string => !!v).map((v) => Date.parse(v));
  return {
    id: assertion?.$?.ID ?? null,
    issuer: profile.issuer,
    recipient: confirmation?.$?.Recipient ?? null,
    notOnOrAfter: ends.length > 0 ? Math.min(...ends) : Number.NaN,
  };
}

/** The Response's Destination, when the IdP names one: it must be our ACS. */
async function responseDestination(samlResponse: string): Promise<string | null> {
  const doc = await parseDomFromString(Buffer.from(samlResponse, 'base64').toString('utf8'));
  const [attribute] = xpath.selectAttributes(doc, "/*[local-name()='Response']/@Destination");
  return attribute?.nodeValue ?? null;
}

/**
 * Checks a response posted to the ACS and answers the account user it names. node-saml verifies the
 * signature over the one assertion, audience, InResponseTo and the validity window; here we add what it
 * leaves to the caller: issuer, recipient and destination, the window against the app's own clock, and
 * that the assertion was never used before (its id is kept until it expires).
 */
export async function acceptSamlResponse(context: AppContext, config: SsoConfigurationRow, samlResponse: string) {
  const sp = serviceProvider(context, config.public_id);
  let profile: Profile | null;
  try {
    ({ profile } = await samlFor(context, config).validatePostResponseAsync({ SAMLResponse: samlResponse }));
  } catch (error) {
    throw new SamlRefused(error instanceof Error ? error.message : String(error));
  }
  if (!profile) throw new SamlRefused('no assertion');
  const facts = assertionFacts(profile);
  if (facts.issuer !== config.idp_entity_id) throw new SamlRefused(`issuer ${facts.issuer}`);
  if (facts.recipient !== sp.acs_url) throw new SamlRefused(`recipient ${facts.recipient}`);
  const destination = await responseDestination(samlResponse);
  if (destination !== null && destination !== sp.acs_url) throw new SamlRefused(`destination ${destination}`);
  const now = context.clock.now().getTime();
  if (!facts.id || !Number.isFinite(facts.notOnOrAfter)) throw new SamlRefused('assertion without id or expiry');
  if (now >= facts.notOnOrAfter + CLOCK_SKEW_MS) throw new SamlRefused('assertion expired');

  const remembered = await context.db
    .insert(ssoAssertions)
    .values({ configuration_id: config.id, assertion_id: facts.id, expires_at: new Date(facts.notOnOrAfter + CLOCK_SKEW_MS) })
    .onConflictDoNothing()
    .returning();
  if (remembered.length === 0) throw new SamlRefused(`assertion ${facts.id} replayed`);
  await context.db.delete(ssoAssertions).where(lt(ssoAssertions.expires_at, new Date(now)));

  const email = normalizeEmail(String(profile.email ?? profile.nameID ?? ''));
  const [user] = await context.db
    .select()
    .from(users)
    .where(and(eq(users.email, email), eq(users.account_id, config.account_id)));
  if (!user || user.roles.length === 0 || !user.active || user.banned) throw new SamlRefused(`no account user ${email}`, M.noUser);
  return user;
}
