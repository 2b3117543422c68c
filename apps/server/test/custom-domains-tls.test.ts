import { connect, type PeerCertificate } from 'node:tls';
import { FEATURE_FIRST_PLAN } from '@laurel/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../src/db/schema.ts';
import { type ApiClient, registerConfirmedAdmin } from './helpers/api.ts';
import { freePort } from './helpers/free-port.ts';
import { startTestLaurel, type TestLaurel } from './helpers/laurel.ts';
import { type Issued, issueSite, makeIntermediate, makeRootCa } from './helpers/test-ca.ts';

/**
 * The HTTPS listener of HTTPS_PORT: it serves the custom domain with the certificate uploaded for it,
 * chosen by SNI, takes a new one without a restart, and refuses the handshake once it is removed.
 */

const HOST = 'portal.example.test';
let laurel: TestLaurel;
let admin: ApiClient;
let accountId: number;
let httpsPort: number;
let root: Issued;
let intermediate: Issued;

beforeAll(async () => {
  httpsPort = await freePort();
  laurel = await startTestLaurel({ env: { HTTPS_PORT: String(httpsPort), HOST: '127.0.0.1' } });
  await laurel.app.listen({ port: 0, host: '127.0.0.1' });
  const registered = await registerConfirmedAdmin(laurel);
  admin = registered.client;
  accountId = registered.user.account!.id;
  await laurel.context.db
    .update(accounts)
    .set({ stripe_active: true, stripe_plan: FEATURE_FIRST_PLAN.custom_url })
    .where(eq(accounts.id, accountId));
  root = await makeRootCa();
  intermediate = await makeIntermediate(root);
  expect((await admin.post('/api/portal/users-domain', { host: HOST })).statusCode).toBe(200);
});
afterAll(async () => {
  await laurel?.close();
});

/** One HTTPS request over `tls.connect` trusting only the test's root: the peer certificate and the reply. */
function fetchOverTls(path: string): Promise<{ peer: PeerCertificate; status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port: httpsPort, servername: HOST, ca: root.pem }, () => {
      const peer = socket.getPeerCertificate();
      socket.write(`GET ${path} HTTP/1.1\r\nHost: ${HOST}:${httpsPort}\r\nConnection: close\r\n\r\n`);
      let raw = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk) => {
        raw += chunk;
      });
      socket.on('end', () => {
        const [head, ...rest] = raw.split('\r\n\r\n');
        resolve({ peer, status: Number(head!.split(' ')[1]), body: rest.join('\r\n\r\n') });
      });
    });
    socket.on('error', reject);
  });
}

const upload = async (site: Issued) => {
  const reply = await admin.post('/api/portal-ssl-certificate', {
    ssl: { certificate: site.pem + intermediate.pem, certificate_key: site.keyPem },
  });
  expect(reply.statusCode, reply.body).toBe(200);
};

describe('the HTTPS listener', () => {
  it('refuses the handshake for a custom domain without a certificate', async () => {
    await expect(fetchOverTls('/api/config')).rejects.toThrow();
  });

  it("serves the uploaded certificate and the account's portal", async () => {
    const site = await issueSite(intermediate, [HOST]);
    await upload(site);
    const reply = await fetchOverTls('/api/config');
    expect(reply.peer.serialNumber.toLowerCase()).toBe(site.certificate.serialNumber.toLowerCase());
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.body)).toMatchObject({ host: { on_portal_host: true, account: { id: accountId } } });
    // The portal host's allow-list applies over HTTPS as well.
    expect((await fetchOverTls('/api/projects')).status).toBe(404);
  });

  it('serves a new certificate at once, without a restart', async () => {
    const renewed = await issueSite(intermediate, [HOST, `www.${HOST}`]);
    await upload(renewed);
    const reply = await fetchOverTls('/api/config');
    expect(reply.peer.serialNumber.toLowerCase()).toBe(renewed.certificate.serialNumber.toLowerCase());
    expect(reply.peer.subjectaltname).toContain(`DNS:www.${HOST}`);
  });

  it('refuses the handshake once the certificate is removed', async () => {
    expect((await admin.post('/api/remove-portal-ssl-certificate')).statusCode).toBe(200);
    await expect(fetchOverTls('/api/config')).rejects.toThrow();
  });
});
