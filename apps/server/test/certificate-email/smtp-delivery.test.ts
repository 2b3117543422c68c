import { generateKeyPairSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DomUtils, parseDocument } from 'htmlparser2';
import type { ParsedMail } from 'mailparser';
import nodemailer, { type Transporter } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../src/config/env.ts';
import { type CertificateEmailInput, composeCertificateEmail } from '../../src/mail/certificate-email/index.ts';
import { toNodemailerMessage } from '../../src/mail/nodemailer-message.ts';
import { createSmtpTransport } from '../../src/mail/transport.ts';
import { SmtpSink } from '../helpers/smtp-sink.ts';
import { executableFindings } from './html-safety.ts';
import { sampleInput } from './sample.ts';

const sink = new SmtpSink();
let smtpUrl: string;
let transporter: Transporter;

beforeAll(async () => {
  smtpUrl = await sink.start();
  transporter = nodemailer.createTransport({ host: '127.0.0.1', port: sink.port, secure: false, ignoreTLS: true });
});
afterAll(async () => {
  transporter?.close();
  await sink.stop();
});

let sequence = 0;
/** Composes, sends over SMTP and returns the message as the receiving server parsed it, with the SMTP envelope. */
async function deliver(change: (input: CertificateEmailInput) => void = () => {}) {
  const input = sampleInput({ messageId: `<certificate-test-${++sequence}.${Date.now()}@laurel.test>` });
  change(input);
  const email = composeCertificateEmail(input);
  const info = await transporter.sendMail(toNodemailerMessage({ ...email, attachments: [] }));
  const parsed = await sink.waitFor((m) => m.messageId === email.messageId);
  return { email, parsed, envelope: info.envelope as { from: string; to: string[] } };
}

const headerKeys = (m: ParsedMail) => m.headerLines.map((h) => h.key).sort();
const rawHeader = (m: ParsedMail, key: string) => m.headerLines.filter((h) => h.key === key).map((h) => h.line);
const hrefs = (html: string) => DomUtils.findAll((el) => el.name === 'a', parseDocument(html).children).map((a) => a.attribs.href ?? '');

const EXPECTED_HEADERS = [
  'cc',
  'content-type',
  'date',
  'from',
  'list-unsubscribe',
  'list-unsubscribe-post',
  'message-id',
  'mime-version',
  'reply-to',
  'subject',
  'to',
];

describe('certificate email over a real SMTP server', () => {
  it('arrives with both parts, the right headers and escaped merge values', async () => {
    const { email, parsed, envelope } = await deliver((input) => {
      input.recipient.first_name = '<img src=x onerror=alert(1)>';
      input.design = {
        reply_to: 'registrar@northwind.example',
        cc: 'dean@northwind.example',
        bcc: 'audit@northwind.example',
        email_subject: 'Well done [FIRST NAME]',
      };
    });
    expect(headerKeys(parsed)).toEqual(EXPECTED_HEADERS);
    expect(parsed.subject).toBe('Well done <img src=x onerror=alert(1)>');
    expect(parsed.from?.value).toEqual([{ name: 'Northwind Academy', address: 'certificates@laurel.test' }]);
    expect((parsed.to as { value: unknown }).value).toEqual([
      { name: '<img src=x onerror=alert(1)> Lovelace', address: 'ada@example.com' },
    ]);
    expect(parsed.replyTo?.value).toEqual([{ name: '', address: 'registrar@northwind.example' }]);
    expect((parsed.cc as { value: unknown }).value).toEqual([{ name: '', address: 'dean@northwind.example' }]);
    expect(envelope.to.sort()).toEqual(['ada@example.com', 'audit@northwind.example', 'dean@northwind.example']);
    expect(parsed.messageId).toBe(email.messageId);

    expect(parsed.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(parsed.html).not.toContain('<img src=x');
    expect(parsed.text).toContain('<img src=x onerror=alert(1)>');
    expect(parsed.text).toContain('https://laurel.test/c/Zk3q9VbX2mQ8rT5wY1nL4pA7');
  });

  it('carries RFC 8058 one-click unsubscribe headers on one line each, even for a long address', async () => {
    const longUrl = `https://laurel.test/unsubscribe/${'Qm9vZ2llV29v'.repeat(10)}?account=northwind-academy-of-analytical-engines`;
    const { parsed } = await deliver((input) => {
      input.links.unsubscribeUrl = longUrl;
    });
    expect(rawHeader(parsed, 'list-unsubscribe')).toEqual([`List-Unsubscribe: <${longUrl}>`]);
    expect(rawHeader(parsed, 'list-unsubscribe-post')).toEqual(['List-Unsubscribe-Post: List-Unsubscribe=One-Click']);
    expect(parsed.headers.get('list')).toMatchObject({ unsubscribe: { url: longUrl } });
  });

  it('keeps working links through the transfer encoding', async () => {
    const { email, parsed } = await deliver((input) => {
      input.design = { show_linkedin: true, linkedin_org_id: '42', footer_socials: { showIcons: 'yes' } };
    });
    const sent = hrefs(email.html!);
    const received = hrefs(parsed.html as string);
    expect(received).toEqual(sent);
    for (const href of received) expect(new URL(href).protocol).toBe('https:');
    expect(received).toEqual(
      expect.arrayContaining([
        'https://laurel.test/c/Zk3q9VbX2mQ8rT5wY1nL4pA7',
        'https://northwind.laurel.test/portal',
        'https://laurel.test/privacy',
        'https://laurel.test/preferences/Qm9vZ2llV29vZ2llQm9vZ2llV29v',
        'https://laurel.test/preferences/Qm9vZ2llV29vZ2llQm9vZ2llV29v?unsubscribe=1',
      ]),
    );
    const linkedIn = new URL(received.find((h) => h.startsWith('https://www.linkedin.com/profile/add'))!);
    expect(Object.fromEntries(linkedIn.searchParams)).toEqual({
      startTask: 'CERTIFICATION_NAME',
      name: 'Certificate of Completion',
      organizationId: '42',
      issueYear: '2026',
      issueMonth: '3',
      expirationYear: '2027',
      expirationMonth: '12',
      certUrl: 'https://laurel.test/c/Zk3q9VbX2mQ8rT5wY1nL4pA7',
      certId: 'Zk3q9VbX2mQ8rT5wY1nL4pA7',
    });
    for (const url of received) expect(parsed.text).toContain(url);
  });

  it('has links that reach their pages, and a List-Unsubscribe address that takes the one-click POST', async () => {
    const requests: { method: string; path: string; body: string }[] = [];
    const body = (req: IncomingMessage) =>
      new Promise<string>((resolve) => {
        let data = '';
        req.on('data', (c: Buffer) => (data += c.toString()));
        req.on('end', () => resolve(data));
      });
    const server = createServer(async (req, res) => {
      requests.push({ method: req.method!, path: req.url!, body: await body(req) });
      res.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const { parsed } = await deliver((input) => {
        input.recipient.certificate.url = `${base}/c/Zk3q9VbX2mQ8rT5wY1nL4pA7`;
        input.account.portalUrl = `${base}/portal`;
        input.links = {
          unsubscribeUrl: `${base}/unsubscribe/tok`,
          preferencesUrl: `${base}/preferences/tok`,
          privacyUrl: `${base}/privacy`,
        };
      });
      const local = hrefs(parsed.html as string).filter((h) => h.startsWith(base));
      expect(local.map((h) => new URL(h).pathname).sort()).toEqual([
        '/c/Zk3q9VbX2mQ8rT5wY1nL4pA7',
        '/portal',
        '/preferences/tok',
        '/preferences/tok',
        '/privacy',
      ]);
      for (const href of local) expect((await fetch(href)).status).toBe(200);

      const unsubscribe = /^<(.+)>$/.exec(rawHeader(parsed, 'list-unsubscribe')[0]!.replace(/^List-Unsubscribe: /, ''))![1]!;
      const post = rawHeader(parsed, 'list-unsubscribe-post')[0]!.replace(/^List-Unsubscribe-Post: /, '');
      const response = await fetch(unsubscribe, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: post,
      });
      expect(response.status).toBe(200);
      expect(requests.at(-1)).toEqual({ method: 'POST', path: '/unsubscribe/tok', body: 'List-Unsubscribe=One-Click' });
    } finally {
      server.close();
    }
  });

  it('cannot be made to carry extra headers or recipients through CR/LF in names, subject or reply-to', async () => {
    const { parsed, envelope } = await deliver((input) => {
      input.account.name = 'Northwind\r\nBcc: victim1@example.com';
      input.recipient.first_name = 'Ada\r\nX-Injected: first';
      input.recipient.last_name = 'Lovelace\nCc: victim2@example.com';
      input.recipient.fields = { COURSE: 'Engines\r\n\r\n<h1>new body</h1>' };
      input.design = {
        email_subject: 'Hello [FIRST NAME] [COURSE]\r\nX-Injected: subject',
        reply_to: 'registrar@northwind.example\r\nBcc: victim3@example.com',
        cc: 'dean@northwind.example\r\nX-Injected: cc',
      };
    });
    expect(headerKeys(parsed)).toEqual(EXPECTED_HEADERS);
    expect(parsed.headers.has('x-injected')).toBe(false);
    expect(parsed.headers.has('bcc')).toBe(false);
    expect(envelope.to.sort()).toEqual(['ada@example.com', 'dean@northwind.example']);
    expect(parsed.subject).toBe('Hello Ada X-Injected: first Engines <h1>new body</h1> X-Injected: subject');
    expect(parsed.from?.value).toEqual([{ name: 'Northwind Bcc: victim1@example.com', address: 'certificates@laurel.test' }]);
    expect(parsed.replyTo?.value).toEqual([{ name: '', address: 'office@northwind.example' }]);
    expect((parsed.to as { value: { address: string }[] }).value.map((v) => v.address)).toEqual(['ada@example.com']);
    expect(parsed.html).toContain('&lt;h1&gt;new body&lt;/h1&gt;');
  });

  it('delivers nothing executable when the whole XSS corpus is pasted into the body', async () => {
    const corpus = readFileSync(new URL('../fixtures/xss-payloads.txt', import.meta.url), 'utf8');
    const { parsed } = await deliver((input) => {
      input.design = { email_body: corpus };
    });
    expect(typeof parsed.html).toBe('string');
    expect(executableFindings(parsed.html as string)).toEqual([]);
    expect(parsed.text).toContain('https://laurel.test/c/Zk3q9VbX2mQ8rT5wY1nL4pA7');
  });

  it('sends a plain-text-only design as a single text part', async () => {
    const { parsed } = await deliver((input) => {
      input.design = { plain_text_only: true, email_body_text: 'Hello [FIRST NAME], here it is: [DOWNLOAD_CERTIFICATE_LINK]' };
    });
    expect(parsed.html).toBe(false);
    expect(parsed.headers.get('content-type')).toMatchObject({ value: 'text/plain' });
    expect(parsed.text).toContain('Hello Ada, here it is: https://laurel.test/c/Zk3q9VbX2mQ8rT5wY1nL4pA7');
  });

  it('is DKIM-signed over both List-Unsubscribe headers when a key is configured', async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const env = parseEnv({
      SMTP_URL: smtpUrl,
      DKIM_DOMAIN: 'laurel.test',
      DKIM_SELECTOR: 'mail',
      DKIM_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    });
    const transport = createSmtpTransport(env)!;
    const email = composeCertificateEmail(sampleInput({ messageId: `<dkim-${Date.now()}@laurel.test>` }));
    try {
      await transport.send({ ...email, attachments: [] });
    } finally {
      transport.close();
    }
    const parsed = await sink.waitFor((m) => m.messageId === email.messageId);
    const signature = rawHeader(parsed, 'dkim-signature').join('');
    const signed = /\bh=([^;]+)/.exec(signature.replace(/\s+/g, ''))![1]!.toLowerCase().split(':');
    expect(signature).toContain('d=laurel.test');
    expect(signed).toEqual(expect.arrayContaining(['from', 'to', 'subject', 'message-id', 'list-unsubscribe', 'list-unsubscribe-post']));
  });
});
