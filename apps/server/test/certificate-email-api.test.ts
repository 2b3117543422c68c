import { execFileSync } from 'node:child_process';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, certificateSets, mailMessages } from '../src/db/schema.ts';
import { errorOf, registerConfirmedAdmin, uniqueEmail } from './helpers/api.ts';
import { startTestLaurel, type TestLaurel } from './helpers/laurel.ts';
import { SmtpSink } from './helpers/smtp-sink.ts';
import { subUser } from './helpers/store-fixtures.ts';

const sink = new SmtpSink();
/** A PDF's words as pdftotext reads them, one space wherever a line wraps. */
const pdfText = (pdf: Buffer) => execFileSync('pdftotext', ['-q', '-', '-'], { input: pdf }).toString().replace(/\s+/g, ' ');
let laurel: TestLaurel;
let admin: Awaited<ReturnType<typeof registerConfirmedAdmin>>;
let setId: number;
/** A confirmed user of the admin's account: a test email may go to them. */
let colleague: string;

beforeAll(async () => {
  laurel = await startTestLaurel({ smtpUrl: await sink.start() });
  admin = await registerConfirmedAdmin(laurel);
  await laurel.context.db.update(accounts).set({ allowed_sets: 5 }).where(eq(accounts.id, admin.user.account!.id));
  setId = (
    await admin.client.post('/api/certificates', {
      name: 'Data Course',
      elements: [
        {
          type: 'name',
          content: '[FIRST NAME] [LAST NAME]',
          styles: { left: '35px', top: '200px', width: '570px', height: '40px', 'font-size': '28px' },
        },
        {
          type: 'dynamicText',
          content: 'for completing [COURSE]',
          styles: { left: '120px', top: '260px', width: '400px', height: '30px', 'font-size': '16px' },
        },
      ],
    })
  ).json().id;
  colleague = (await subUser(laurel, admin.user.account!.id, { allow_certificate_email_edits: true })).email;
});
afterAll(async () => {
  await laurel?.close();
  await sink.stop();
});

describe('a set’s email', () => {
  it('starts from the spec defaults with the creator as reply-to', async () => {
    const set = (await admin.client.get(`/api/certificates/${setId}`)).json();
    expect(set).toMatchObject({
      email_subject: 'Ready to Download: Access Your Certificate from [ACCOUNT_NAME]',
      reply_to: admin.email,
      email_footer_lang: 'en',
    });
    expect(set.button_styles).toMatchObject({ color: '#ffffff', background: '#1f7550' });
  });

  it('is sanitised on save and refused whole when an editor rule fails', async () => {
    const saved = await admin.client.call('PUT', `/api/certificates/${setId}`, {
      email_subject: 'Your [COURSE] certificate',
      email_body:
        '<p>Well done <strong>[FIRST NAME]</strong>!</p><script>alert(1)</script><img src="https://cdn.example.com/x.png" onerror="alert(2)">',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().email_body).toContain('<strong>[FIRST NAME]</strong>');
    expect(saved.json().email_body).not.toMatch(/script|onerror/);

    const bad = await admin.client.call('PUT', `/api/certificates/${setId}`, { reply_to: 'nope', email_subject: 'Changed' });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad)).toMatchObject({ field: 'reply_to', errors: ['You must put valid email address on reply-to field.'] });
    const link = await admin.client.call('PUT', `/api/certificates/${setId}`, { email_subject: 'Get it: [DOWNLOAD_CERTIFICATE_LINK]' });
    expect(errorOf(link).errors[0]).toBe('The download certificate link can be inserted only into the email body.');
    expect((await admin.client.get(`/api/certificates/${setId}`)).json().email_subject).toBe('Your [COURSE] certificate');
  });

  it('previews the composed message with sample data', async () => {
    const preview = await admin.client.post(`/api/certificates/${setId}/email-preview`, {
      email_subject: 'Hello [FIRST NAME], your [COURSE] certificate',
    });
    expect(preview.statusCode).toBe(200);
    // The design's sample, as the builder's preview shows it and as a test starts from.
    expect(preview.json().subject).toBe('Hello Alex, your Advanced Navigation certificate');
    expect(preview.json().html).toContain('Analytical Engines');
    expect(preview.json().text).toContain('Alex');
    const invalid = await admin.client.post(`/api/certificates/${setId}/email-preview`, { reply_to: '' });
    expect(errorOf(invalid).errors[0]).toBe('Reply-to field is required.');
  });

  it('sends a test message with the values given, carrying the certificate as a PDF only once the email attaches it', async () => {
    const to = colleague;
    const fields = [
      { name: 'FIRST NAME', value: 'Zoë' },
      { name: 'LAST NAME', value: 'Okafor' },
      { name: 'COURSE', value: 'Statistics' },
    ];
    const plain = await admin.client.post(`/api/certificates/send-test-certificate-email/${setId}`, { email: to, fields });
    expect(plain.json()).toEqual({ success: true, message: `Test email sent to ${to}.`, to });
    const withoutPdf = await sink.waitFor((m) => JSON.stringify(m.to).includes(to));
    expect(withoutPdf.attachments).toEqual([]);

    expect((await admin.client.call('PUT', `/api/certificates/${setId}`, { attach_pdf: true })).statusCode).toBe(200);
    const response = await admin.client.post(`/api/certificates/send-test-certificate-email/${setId}`, { email: to, fields });
    expect(response.json()).toEqual({ success: true, message: `Test email sent to ${to}.`, to });
    const mail = await sink.waitFor((m) => JSON.stringify(m.to).includes(to) && m !== withoutPdf);
    expect(mail.subject).toBe('[Test] Your Statistics certificate');
    expect(mail.html).toContain('<strong>Zoë</strong>');
    expect(mail.attachments.map((a) => a.contentType)).toEqual(['application/pdf']);
    expect(execFileSync('pdftotext', ['-q', '-', '-'], { input: mail.attachments[0]!.content }).toString()).toContain('Zoë Okafor');
    expect(mail.replyTo?.text).toBe(admin.email);
    const link = /href="(http:\/\/laurel\.test\/api\/certificates\/\d+\/pdf[^"]+)"/.exec(mail.html || '')![1]!.replace(/&amp;/g, '&');
    const pdf = await laurel.app.inject({ method: 'GET', url: link.replace('http://laurel.test', ''), headers: { host: 'laurel.test' } });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    // The download link draws the certificate with the values typed, as the attachment does.
    const linked = pdfText(pdf.rawPayload);
    expect(linked).toContain('Zoë Okafor');
    expect(linked).toContain('Statistics');

    const empty = await admin.client.post(`/api/certificates/send-test-certificate-email/${setId}`, {
      email: to,
      fields: [{ name: '[COURSE]', value: ' ' }],
    });
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty)).toMatchObject({
      field: 'fields',
      errors: ["[COURSE] is empty: type a value, or leave the field out to use the design's sample."],
    });
  });

  it('fills what a test leaves out with the design’s sample and marks its certificate number as a sample', async () => {
    const numbered = (
      await admin.client.post('/api/certificates', {
        name: 'Numbered Course',
        attach_pdf: true,
        email_subject: '[FIRST NAME], your [COURSE] certificate',
        email_body: '<p>Certificate no. [CERTIFICATE NUMBER] for [FIRST NAME] [LAST NAME].</p><p>[DOWNLOAD_CERTIFICATE_LINK]</p>',
        elements: [
          {
            type: 'name',
            content: '[FIRST NAME] [LAST NAME]',
            styles: { left: '35px', top: '200px', width: '570px', height: '40px', 'font-size': '28px' },
          },
          {
            type: 'dynamicText',
            content: 'for completing [COURSE]',
            styles: { left: '120px', top: '260px', width: '400px', height: '30px', 'font-size': '16px' },
          },
          {
            type: 'certificate_number',
            content: 'No. [CERTIFICATE NUMBER]',
            styles: { left: '120px', top: '320px', width: '400px', height: '30px', 'font-size': '12px' },
          },
        ],
      })
    ).json().id;
    // Only the first name is typed: no course, no last name, no certificate number.
    const response = await admin.client.post(`/api/certificates/send-test-certificate-email/${numbered}`, {
      fields: [{ name: '[FIRST NAME]', value: 'Ana' }],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: `Test email sent to ${admin.email}.`, to: admin.email });

    const mail = await sink.waitFor((m) => m.subject === '[Test] Ana, your Advanced Navigation certificate');
    expect(JSON.stringify(mail.to)).toContain(admin.email);
    expect(mail.html).toContain('Certificate no. SAMPLE-0001 for Ana Morgan.');
    const attached = pdfText(mail.attachments[0]!.content);
    for (const text of ['Ana Morgan', 'for completing Advanced Navigation', 'No. SAMPLE-0001']) expect(attached).toContain(text);
    const link = /href="(http:\/\/laurel\.test\/api\/certificates\/\d+\/pdf[^"]+)"/.exec(mail.html || '')![1]!.replace(/&amp;/g, '&');
    const linked = await laurel.app.inject({
      method: 'GET',
      url: link.replace('http://laurel.test', ''),
      headers: { host: 'laurel.test' },
    });
    for (const text of ['Ana Morgan', 'for completing Advanced Navigation', 'No. SAMPLE-0001'])
      expect(pdfText(linked.rawPayload)).toContain(text);
    // The link's values are signed: changing one is refused.
    const forged = link.replace('FIRST_NAME=Ana', 'FIRST_NAME=Eve').replace('http://laurel.test', '');
    expect((await laurel.app.inject({ method: 'GET', url: forged, headers: { host: 'laurel.test' } })).statusCode).toBe(401);
  });

  it('sends tests only to people of the account, within a daily allowance per account', async () => {
    const fields = [{ name: 'COURSE', value: 'Claim your prize at https://evil.example' }];
    const recipients = await admin.client.get('/api/certificates/test-email-recipients');
    expect(recipients.json().emails[0]).toBe(admin.email);
    expect(recipients.json().emails).toContain(colleague);

    const stranger = uniqueEmail('stranger');
    const relayed = await admin.client.post(`/api/certificates/send-test-certificate-email/${setId}`, { email: stranger, fields });
    expect(relayed.statusCode).toBe(400);
    expect(errorOf(relayed)).toMatchObject({ field: 'email', errors: ['Test emails go to you or to a confirmed user of this account.'] });
    // Another account's user is a stranger too.
    const other = await registerConfirmedAdmin(laurel);
    expect(
      (await admin.client.post(`/api/certificates/send-test-certificate-email/${setId}`, { email: other.email, fields })).statusCode,
    ).toBe(400);
    expect(await laurel.mailsTo(stranger)).toEqual([]);
    expect((await laurel.mailsTo(other.email)).filter((m) => m.kind === 'test_certificate')).toEqual([]);

    // Own address by default; then the account's allowance runs out, whichever source asks.
    expect((await admin.client.post(`/api/certificates/send-test-certificate-email/${setId}`, { fields })).statusCode).toBe(200);
    const sent = await laurel.context.db.select().from(mailMessages).where(eq(mailMessages.account_id, admin.user.account!.id));
    const tests = sent.filter((m) => m.kind === 'test_certificate');
    const filler = Array.from({ length: 50 - tests.length }, () => ({ ...tests[0]!, id: undefined, status: 'sent' }));
    await laurel.context.db.insert(mailMessages).values(filler);
    const over = await admin.client.post(`/api/certificates/send-test-certificate-email/${setId}`, { fields });
    expect(over.statusCode).toBe(429);
    expect(errorOf(over).errors[0]).toBe('This account has sent its 50 test emails of the last 24 hours. Please try again later.');
  });

  it('refuses a test while the saved email has no reply-to, naming the field', async () => {
    const [set] = await laurel.context.db.select().from(certificateSets).where(eq(certificateSets.id, setId));
    await laurel.context.db
      .update(certificateSets)
      .set({ email: { ...set!.email, reply_to: '' } })
      .where(eq(certificateSets.id, setId));
    try {
      const to = `tester.${Date.now()}@example.com`;
      const response = await admin.client.post(`/api/certificates/send-test-certificate-email/${setId}`, {
        email: to,
        fields: [{ name: 'COURSE', value: 'Statistics' }],
      });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toMatchObject({ field: 'reply_to', errors: ['The reply-to field is required in email template.'] });
      expect(await laurel.mailsTo(to)).toEqual([]);
    } finally {
      await laurel.context.db.update(certificateSets).set({ email: set!.email }).where(eq(certificateSets.id, setId));
    }
  });
});
