import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, uniqueEmail } from './helpers/api.ts';
import { startTestLaurel, type TestLaurel } from './helpers/laurel.ts';
import { SmtpSink } from './helpers/smtp-sink.ts';

const sink = new SmtpSink();
let laurel: TestLaurel;
beforeAll(async () => {
  laurel = await startTestLaurel({ smtpUrl: await sink.start() });
});
afterAll(async () => {
  await laurel?.close();
  await sink.stop();
});

describe('account emails over SMTP', () => {
  it('delivers the confirmation email with both parts, a stable Message-ID and escaped names', async () => {
    const email = uniqueEmail();
    const response = await new ApiClient(laurel).post('/api/registration/account', {
      email,
      first_name: '<img src=x onerror=alert(1)>',
      last_name: 'Doe',
      account_name: 'Élan & Co',
      url: `elan${Date.now()}`,
    });
    expect(response.statusCode).toBe(200);
    const message = await sink.waitFor((m) => m.to !== undefined && JSON.stringify(m.to).includes(email));
    expect(message.subject).toBe('Confirm your Laurel account');
    expect(message.text).toMatch(/http:\/\/laurel\.test\/user\/confirm\/[A-Za-z0-9_-]{43}/);
    expect(message.html).toBeTruthy();
    expect(message.html).not.toContain('<img src=x');
    expect(message.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(message.html).toContain('Élan &amp; Co');
    const stored = await laurel.lastMailTo(email);
    expect(stored.status).toBe('sent');
    expect(message.messageId).toBe(stored.message_id);
  });

  it('retries on a temporary 4xx refusal and marks the message failed on a permanent 5xx', async () => {
    sink.rejectWith = 550;
    const client = new ApiClient(laurel);
    const email = uniqueEmail();
    await client.post('/api/registration/account', {
      email,
      first_name: 'P',
      last_name: 'Q',
      account_name: 'Perm Co',
      url: `perm${Date.now()}`,
    });
    const failed = await laurel.lastMailTo(email);
    expect(failed.status).toBe('failed');
    expect(failed.last_error).toMatch(/550/);

    sink.rejectWith = 451;
    const retried = uniqueEmail();
    await client.post('/api/registration/account', {
      email: retried,
      first_name: 'R',
      last_name: 'S',
      account_name: 'Retry Co',
      url: `retry${Date.now()}`,
    });
    await new Promise((r) => setTimeout(r, 1500));
    const [pending] = await laurel.mailsTo(retried);
    expect(pending!.status).toBe('queued');
    expect(pending!.attempts).toBeGreaterThanOrEqual(1);
    sink.rejectWith = null;
    const delivered = await sink.waitFor((m) => JSON.stringify(m.to).includes(retried), 60_000);
    expect(delivered.messageId).toBe(pending!.message_id);
  });
});
