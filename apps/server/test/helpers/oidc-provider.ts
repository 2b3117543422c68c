import { createServer, type Server } from 'node:http';
import Provider from 'oidc-provider';
import { freePort } from './free-port.ts';

/**
 * A real OpenID provider (oidc-provider) on a local port, standing in for Google, Microsoft or
 * LinkedIn: one client, and a user's side that signs in as `accountId` and consents at once. What the
 * user's ID token says is read from `claims` at each sign-in, so a test changes it between runs.
 */
export interface TestOidcProvider {
  issuer: string;
  provider: Provider;
  /** The claims of the next sign-in (email, email_verified...). */
  claims: Record<string, unknown>;
  close(): Promise<void>;
}

export async function startOidcProvider(client: {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
}): Promise<TestOidcProvider> {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const state: TestOidcProvider = { issuer, provider: undefined as unknown as Provider, claims: {}, close: async () => {} };
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uris: client.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    scopes: ['openid', 'email', 'profile'],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // The ID token carries the claims itself, as Google's does, rather than leaving them to userinfo.
    conformIdTokenClaims: false,
    findAccount: (_ctx, sub) => ({ accountId: sub, claims: () => ({ sub, ...state.claims }) }),
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    pkce: { required: () => true },
    cookies: { keys: ['a test cookie key'] },
  });
  const callback = provider.callback();
  const server: Server = createServer(async (req, res) => {
    if (!req.url?.startsWith('/interaction/')) return callback(req, res);
    const details = await provider.interactionDetails(req, res);
    const grant = new provider.Grant({ accountId: 'person', clientId: client.clientId });
    grant.addOIDCScope(String(details.params.scope));
    const grantId = await grant.save();
    return provider.interactionFinished(req, res, { login: { accountId: 'person' }, consent: { grantId } });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  state.provider = provider;
  state.close = () => new Promise((resolve) => server.close(() => resolve()));
  return state;
}
