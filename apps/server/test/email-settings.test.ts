import { EMAIL_SETTINGS_MESSAGES as M } from '@laurel/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountEmailSettings } from '../src/db/schema.ts';
import { errorOf, type registerConfirmedAdmin } from './helpers/api.ts';
import { issuerWithCertificate } from './helpers/issuer.ts';
import { startTestLaurel, type TestLaurel } from './helpers/laurel.ts';
import { SmtpSink } from './helpers/smtp-sink.ts';

/**
 * An account's own mail server (docs/product/account.md): saved without ever answering the password, tested
 * against a real SMTP server that demands AUTH, and used for the account's certificate mail instead of
 * the product's server.
 */

const productSink = new SmtpSink();
const ownSink = new SmtpSink({ user: 'mailer@school.example', pass: 'right-password' });
const nextSink = new SmtpSink();
let laurel: TestLaurel;
let admin: Awaited<ReturnType<typeof registerConfirmedAdmin>>;
let accountId: number;
let setId: number;

beforeAll(async () => {
  const productUrl = await productSink.start();
  await ownSink.start();
  await nextSink.start();
  laurel = await startTestLaurel({ smtpUrl: productUrl, env: { ALLOW_PRIVATE_TARGETS: '1' } });
  ({ admin, accountId, setId } = await issuerWithCertificate(laurel, { credits: 20, name: 'Own server' }));
});
afterAll(async () => {
  await laurel?.close();
  await Promise.all([productSink.stop(), ownSink.stop(), nextSink.stop()]);
});

const custom = (overrides: Record<string, unknown> = {}) => ({
  custom_smtp: true,
  smtp_type: 'smtp',
  host: '127.0.0.1',
  port: ownSink.port,
  security: 'none',
  use_auth: true,
  username: 'mailer@school.example',
  password: 'right-password',
  sender_email: 'registrar@school.example',
  name: 'The Registrar',
  footer: '<p>Registrar, 1 College Road</p><script>alert(1)</script>',
  ...overrides,
});

const save = (settings: Record<string, unknown>) =>
  admin.client.post('/api/accounts/update-email-settings', { account_id: accountId, email_settings: settings });
const read = async () => (await admin.client.post('/api/accounts/email-settings')).json();
const storedRow = async () =>
  (await laurel.context.db.select().from(accountEmailSettings).where(eq(accountEmailSettings.account_id, accountId)))[0]!;

async function sendTo(email: string) {
  const project = await admin.client.post('/api/projects', {
    title: `To ${email}`,
    certificate_id: setId,
    recipients: [{ FIRST_NAME: 'Grace', LAST_NAME: 'Hopper', 'Email Address': email }],
  });
  expect(project.statusCode).toBe(200);
  const send = await admin.client.post(`/api/projects/${project.json().id}/send-emails`, { sender_name: 'The Registrar' });
  expect(send.json()).toMatchObject({ success: true, queued: 1 });
}

describe('email settings', () => {
  it("answers the product's server for an account that has saved nothing", async () => {
    const reply = await read();
    expect(reply.email_settings).toMatchObject({ custom_smtp: false, use_auth: true, use_secure: true, has_password: false });
    expect(reply).toMatchObject({ google_user: null, microsoft_user: null, oauth_providers: { gmail: false, microsoft365: false } });
  });

  it('saves a custom server; the password is stored encrypted, never answered, and kept when left empty', async () => {
    const saved = await save(custom());
    expect(saved.statusCode).toBe(200);
    expect(saved.body).not.toContain('right-password');
    expect(saved.json().email_settings).toMatchObject({
      custom_smtp: true,
      smtp_type: 'smtp',
      host: '127.0.0.1',
      has_password: true,
      sender_email: 'registrar@school.example',
      name: 'The Registrar',
      footer: '<p>Registrar, 1 College Road</p>',
      verified: false,
    });
    const row = await storedRow();
    expect(row.password_encrypted).toBeTruthy();
    expect(row.password_encrypted).not.toContain('right-password');
    expect(row.password_encrypted).not.toContain(Buffer.from('right-password').toString('base64'));

    const again = await save(custom({ password: '' }));
    expect(again.json().email_settings.has_password).toBe(true);
    expect((await storedRow()).password_encrypted).toBe(row.password_encrypted);
    expect(JSON.stringify(await read())).not.toContain('right-password');
  });

  it('refuses a bad host name, port or sender address with a clear message', async () => {
    for (const [change, message] of [
      [{ host: 'smtp example.com' }, M.hostInvalid],
      [{ port: 70000 }, M.portInvalid],
      [{ port: 0 }, M.portInvalid],
      [{ sender_email: 'registrar-at-school' }, M.senderInvalid],
    ] as const) {
      const refused = await save(custom(change));
      expect(refused.statusCode, JSON.stringify(change)).toBe(400);
      expect(errorOf(refused).errors[0]).toContain(message);
    }
  });

  it('refuses a server that resolves to a private or loopback address unless private targets are allowed', async () => {
    laurel.context.env.ALLOW_PRIVATE_TARGETS = false;
    try {
      for (const host of ['127.0.0.1', 'localhost', '10.1.2.3', '169.254.169.254']) {
        const refused = await save(custom({ host }));
        expect(refused.statusCode, host).toBe(400);
        expect(errorOf(refused)).toMatchObject({ message: M.privateHost, field: 'host' });
      }
    } finally {
      laurel.context.env.ALLOW_PRIVATE_TARGETS = true;
    }
  });

  it('tests the connection with AUTH: verified on success, cleared by an edit, the server’s reason on failure', async () => {
    await save(custom());
    const ok = await admin.client.post(`/api/accounts/${accountId}/email-connection-test`);
    expect(ok.json()).toMatchObject({ success: true });
    expect(ownSink.logins).toContain('mailer@school.example');
    expect((await read()).email_settings.verified).toBe(true);
    expect(ownSink.messages).toHaveLength(0);

    await save(custom({ password: 'wrong-password' }));
    expect((await read()).email_settings.verified).toBe(false);
    const failed = (await admin.client.post(`/api/accounts/${accountId}/email-connection-test`)).json();
    expect(failed).toMatchObject({ success: false, message: 'Check your SMTP settings.' });
    expect(failed.detail).toMatch(/535/);
    expect((await read()).email_settings.verified).toBe(false);
  });

  it('tests a server that takes mail without AUTH', async () => {
    await save(custom({ port: nextSink.port, use_auth: false, username: '', password: '' }));
    const ok = (await admin.client.post(`/api/accounts/${accountId}/email-connection-test`)).json();
    expect(ok).toMatchObject({ success: true });
  });

  it("sends the account's certificate mail through its own server, from its sender, with its footer", async () => {
    await save(custom());
    await sendTo('grace@navy.example');
    const message = await ownSink.waitFor((m) => JSON.stringify(m.to).includes('grace@navy.example'));
    expect(message.from?.value[0]).toMatchObject({ address: 'registrar@school.example', name: 'The Registrar' });
    expect(message.html).toContain('Registrar, 1 College Road');
    expect(message.html).not.toContain('<script');
    expect(message.text).toContain('Registrar, 1 College Road');
    expect(productSink.messages.some((m) => JSON.stringify(m.to).includes('grace@navy.example'))).toBe(false);
  });

  it('closes the old pooled transport when the settings change; the next send reaches the new server', async () => {
    expect(ownSink.openConnections).toBeGreaterThan(0);
    await save(custom({ port: nextSink.port, use_auth: false, username: '', password: '' }));
    await expect.poll(() => ownSink.openConnections).toBe(0);
    await sendTo('katherine@nasa.example');
    await nextSink.waitFor((m) => JSON.stringify(m.to).includes('katherine@nasa.example'));
    expect(ownSink.messages.some((m) => JSON.stringify(m.to).includes('katherine@nasa.example'))).toBe(false);
    expect(laurel.context.accountTransports.size).toBe(1);
  });

  it("refuses a sub-user's or another account's change", async () => {
    const other = await issuerWithCertificate(laurel, { credits: 1, name: 'Other' });
    const refused = await other.admin.client.post('/api/accounts/update-email-settings', {
      account_id: accountId,
      email_settings: custom(),
    });
    expect(refused.statusCode).toBe(404);
    expect((await other.admin.client.post(`/api/accounts/${accountId}/email-connection-test`)).statusCode).toBe(404);
  });
});
