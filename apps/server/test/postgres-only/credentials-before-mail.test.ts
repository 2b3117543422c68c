import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBadgeCredentials, openBadgeIssuers, recipients } from '../../src/db/schema.ts';
import { startTestLaurel, type TestLaurel } from '../helpers/laurel.ts';
import { SmtpSink } from '../helpers/smtp-sink.ts';
import { saveProject, sendAndSettle, storeAccount } from '../helpers/store-fixtures.ts';

/**
 * A delivery batch composes its messages while its credentials are being signed and stored, but no message leaves
 * before its recipient's credential is stored: the certificate page the message links to offers that credential.
 * The batch's signing is held up by a lock on the issuer's row (where status positions are taken), the way a busy
 * database would; on PostgreSQL only, since the embedded database serves one connection at a time.
 */

const sink = new SmtpSink();
let laurel: TestLaurel;
let owner: Awaited<ReturnType<typeof storeAccount>>;

const people = (prefix: string) =>
  ['Ada', 'Ben', 'Cleo'].map((first) => ({ first, last: 'Order', email: `${prefix}.${first.toLowerCase()}@example.com` }));

beforeAll(async () => {
  laurel = await startTestLaurel({ smtpUrl: await sink.start(), env: { WORKERS: '2' } });
  owner = await storeAccount(laurel, { name: 'Harbour School' });
  // A first send gives the account its issuer row (and key), so that the second one's signing can be held up.
  await sendAndSettle(owner.admin.client, await saveProject(owner.admin.client, owner.setId, 'First send', people('first')));
}, 120_000);
afterAll(async () => {
  await laurel?.close();
  await sink.stop();
});

describe('a delivery and its credential', () => {
  it('sends no message while its credential is still being signed, and each message that leaves has its credential stored', async () => {
    const project = await saveProject(owner.admin.client, owner.setId, 'Second send', people('second'));
    const before = sink.messages.length;
    await laurel.context.db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from ${openBadgeIssuers} where ${openBadgeIssuers.account_id} = ${owner.accountId} for update`);
      const send = await owner.admin.client.post(`/api/projects/${project}/send-emails`, { sender_name: 'Harbour School' });
      expect(send.statusCode, send.body).toBe(200);
      // Long enough for the batch to be claimed and its messages composed, several times over.
      await new Promise((r) => setTimeout(r, 2_000));
      const claimed = await laurel.context.db.select().from(recipients).where(eq(recipients.project_id, project));
      expect(claimed.every((r) => r.state === 'sending')).toBe(true);
      expect(sink.messages.length, 'no message left before its credential was stored').toBe(before);
    });
    for (let i = 0; i < 600; i++) {
      if ((await owner.admin.client.get(`/api/projects/${project}/progress`)).json().finished) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(sink.messages.length).toBe(before + 3);
    const sent = await laurel.context.db.select().from(recipients).where(eq(recipients.project_id, project));
    expect(sent.map((r) => r.state)).toEqual(['sent', 'sent', 'sent']);
    const stored = await laurel.context.db
      .select({ recipientId: openBadgeCredentials.recipient_id })
      .from(openBadgeCredentials)
      .where(
        inArray(
          openBadgeCredentials.recipient_id,
          sent.map((r) => r.id),
        ),
      );
    expect(stored).toHaveLength(3);
  });
});
