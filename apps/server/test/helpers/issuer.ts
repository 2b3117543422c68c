import { eq } from 'drizzle-orm';
import type { Db } from '../../src/db/client.ts';
import { accounts } from '../../src/db/schema.ts';
import { grantCredits } from '../../src/modules/credits/ledger.ts';
import { registerConfirmedAdmin } from './api.ts';
import type { TestLaurel } from './laurel.ts';
import { endTrial } from './trial.ts';

export const NAME_ELEMENT = {
  type: 'name',
  content: '[FIRST NAME] [LAST NAME]',
  styles: { left: '35px', top: '200px', width: '570px', height: '40px', 'font-size': '28px' },
};

/**
 * An account ready to send: an admin signed in, `credits` bought, and one certificate set with these elements. It is
 * on the free tier past its trial, so that the plan a test sets is all it has.
 */
export async function issuerWithCertificate(laurel: TestLaurel, options: { credits: number; name: string; elements?: object[] }) {
  const admin = await registerConfirmedAdmin(laurel);
  const accountId = admin.user.account!.id;
  await endTrial(laurel, accountId);
  await laurel.context.db.update(accounts).set({ allowed_sets: 5 }).where(eq(accounts.id, accountId));
  await laurel.context.db.transaction((tx) =>
    grantCredits(tx as unknown as Db, { accountId, bucket: 'payg', amount: options.credits, kind: 'purchase', at: new Date() }),
  );
  const set = await admin.client.post('/api/certificates', { name: options.name, elements: options.elements ?? [NAME_ELEMENT] });
  if (set.statusCode !== 200) throw new Error(`certificate set not created: ${set.body}`);
  return { admin, accountId, setId: set.json().id as number };
}
