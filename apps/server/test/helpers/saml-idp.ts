import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as samlify from 'samlify';

/**
 * A SAML identity provider for tests, made with samlify: its own key and self-signed certificate
 * (openssl), reading our AuthnRequests and answering responses as a real IdP would, or as an attacker
 * would when a test changes the tags or the signing.
 */

// The IdP reads our AuthnRequest; the XML schema check is the SP's concern here, not the test IdP's.
samlify.setSchemaValidator({ validate: async () => 'skipped' });

const REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
const POST = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST';
const EMAIL_FORMAT = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';

/** A key and a self-signed certificate valid for `days` days. */
export function makeCertificate(days = 365, commonName = 'Test IdP'): { key: string; cert: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'laurel-idp-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-sha256',
        '-days',
        String(days),
        '-subj',
        `/CN=${commonName}`,
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(path.join(dir, 'key.pem'), 'utf8'), cert: readFileSync(path.join(dir, 'cert.pem'), 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export type Signing = 'assertion' | 'response' | 'none';

export interface RespondOptions {
  email: string;
  /** Template tags to change (Audience, ConditionsNotOnOrAfter, SubjectRecipient, Destination...). */
  tags?: Record<string, string>;
  /** What the IdP signs: the assertion (what we require), only the response envelope, or nothing. */
  signing?: Signing;
}

export class TestIdp {
  readonly entityId: string;
  readonly ssoUrl: string;
  readonly key: string;
  readonly cert: string;
  private readonly idp: samlify.IdentityProviderInstance;

  constructor(options: { entityId?: string; ssoUrl?: string; certificate?: { key: string; cert: string } } = {}) {
    this.entityId = options.entityId ?? 'https://idp.example.test/metadata';
    this.ssoUrl = options.ssoUrl ?? 'https://idp.example.test/sso';
    ({ key: this.key, cert: this.cert } = options.certificate ?? makeCertificate());
    this.idp = samlify.IdentityProvider({
      entityID: this.entityId,
      privateKey: this.key,
      signingCert: this.cert,
      nameIDFormat: [EMAIL_FORMAT],
      singleSignOnService: [
        { Binding: REDIRECT, Location: this.ssoUrl },
        { Binding: POST, Location: this.ssoUrl },
      ],
      isAssertionEncrypted: false,
    });
  }

  /**
   * Reads the AuthnRequest in `authnUrl` (HTTP-Redirect binding, as our `sso/login` answers it) for
   * the SP of `spMetadata`, signs the user in and answers the base64 SAMLResponse the browser would post.
   */
  async respond(authnUrl: string, spMetadata: string, options: RespondOptions): Promise<string> {
    const signing = options.signing ?? 'assertion';
    const metadata =
      signing === 'assertion' ? spMetadata : spMetadata.replace('WantAssertionsSigned="true"', 'WantAssertionsSigned="false"');
    const sp = samlify.ServiceProvider({ metadata });
    const url = new URL(authnUrl);
    const { extract } = await this.idp.parseLoginRequest(sp, 'redirect', { query: Object.fromEntries(url.searchParams) });
    const request = extract.request;
    if (!request) throw new Error('no AuthnRequest in the address');
    const now = new Date();
    const later = new Date(now.getTime() + 5 * 60_000).toISOString();
    const acs = String(request.assertionConsumerServiceUrl ?? '');
    const tags: Record<string, string> = {
      ID: `_r${crypto.randomUUID()}`,
      AssertionID: `_a${crypto.randomUUID()}`,
      Destination: acs,
      Audience: String(extract.issuer ?? ''),
      SubjectRecipient: acs,
      Issuer: this.entityId,
      IssueInstant: now.toISOString(),
      StatusCode: 'urn:oasis:names:tc:SAML:2.0:status:Success',
      ConditionsNotBefore: now.toISOString(),
      ConditionsNotOnOrAfter: later,
      SubjectConfirmationDataNotOnOrAfter: later,
      NameIDFormat: EMAIL_FORMAT,
      NameID: options.email,
      InResponseTo: String(request.id),
      AuthnStatement: `<saml:AuthnStatement AuthnInstant="${now.toISOString()}" SessionIndex="_s1"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>`,
      AttributeStatement: '',
      ...options.tags,
    };
    const template = samlify.SamlLib.defaultLoginResponseTemplate.context;
    const xml = samlify.SamlLib.replaceTagsByValue(template, tags);
    if (signing === 'none') return Buffer.from(xml).toString('base64');
    const response = await this.idp.createLoginResponse(sp, { extract }, 'post', { email: options.email }, () => ({
      id: tags.ID!,
      context: xml,
    }));
    return (response as { context: string }).context;
  }
}

/** The XML of a base64 SAMLResponse, and back: attacks edit the document a real IdP signed. */
export const decode = (response: string) => Buffer.from(response, 'base64').toString('utf8');
export const encode = (xml: string) => Buffer.from(xml).toString('base64');
