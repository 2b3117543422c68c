import {
  ACCOUNT_MESSAGES,
  ACCOUNT_URL_TAKEN_MESSAGE,
  type AccountDetails,
  accountNameProblem,
  type accountUpdate,
  accountUrlProblem,
  isCountryCode,
  statesOf,
} from '@laurel/domain';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { accounts } from '../../db/schema.ts';
import { badRequest } from '../../http/errors.ts';
import type { UserRow } from '../auth/index.ts';
import { isAccountUrlTaken } from '../registration/index.ts';
import { audit } from '../system/index.ts';
import { accountFor } from './access.ts';
import { presentAccountDetails } from './presenter.ts';

type AccountRow = typeof accounts.$inferSelect;
type Changes = Pick<AccountRow, 'name' | 'url' | 'country' | 'state'>;

const refuse = (field: keyof Changes, message: string) => badRequest(message, { error_type: 'required', field });

export async function readAccount(context: AppContext, user: UserRow, accountId: number): Promise<AccountDetails> {
  return presentAccountDetails(await accountFor(context, user, accountId, 'read'), context.clock.now());
}

/** The account form's rules (docs/product/account.md#rules-and-limits), each refusal naming its field; the URL's are registration's. */
async function checkedChanges(context: AppContext, account: AccountRow, input: z.output<typeof accountUpdate>): Promise<Changes> {
  if (!input.name) throw refuse('name', ACCOUNT_MESSAGES.nameRequired);
  const nameProblem = accountNameProblem(input.name);
  if (nameProblem) throw refuse('name', nameProblem);

  if (!input.url) throw refuse('url', ACCOUNT_MESSAGES.urlRequired);
  const urlProblem = accountUrlProblem(input.url);
  if (urlProblem) throw refuse('url', urlProblem);
  if (input.url !== account.url && (await isAccountUrlTaken(context, input.url))) throw refuse('url', ACCOUNT_URL_TAKEN_MESSAGE);

  if (!isCountryCode(input.country)) throw refuse('country', ACCOUNT_MESSAGES.unknownCountry);
  const states = statesOf(input.country);
  // A country without a list has no state: whatever was kept for the previous country goes.
  const state = states ? input.state || null : null;
  if (state && !states?.some(([code]) => code === state)) throw refuse('state', ACCOUNT_MESSAGES.unknownState);

  return { name: input.name, url: input.url, country: input.country, state };
}

/** Changes the account's details; what changed is written to the audit log with who changed it. */
export async function updateAccount(
  context: AppContext,
  user: UserRow,
  accountId: number,
  input: z.output<typeof accountUpdate>,
  ip: string,
): Promise<AccountDetails> {
  const account = await accountFor(context, user, accountId, 'change');
  const next = await checkedChanges(context, account, input);
  const changed = Object.fromEntries(
    (Object.keys(next) as (keyof Changes)[])
      .filter((key) => next[key] !== account[key])
      .map((key) => [key, { from: account[key], to: next[key] }]),
  );
  try {
    const fresh = await context.db.transaction(async (tx) => {
      const [row] = await tx
        .update(accounts)
        .set({ ...next, updated_at: context.clock.now() })
        .where(eq(accounts.id, accountId))
        .returning();
      if (Object.keys(changed).length)
        await audit(context, { action: 'account.updated', userId: user.id, accountId, ip, details: changed }, tx);
      return row!;
    });
    return presentAccountDetails(fresh, context.clock.now());
  } catch (error) {
    // Another account took the URL between the check and the update: the unique index decided.
    if ((error as { code?: string }).code === '23505' || /accounts_url_unique/.test(String((error as Error).message)))
      throw refuse('url', ACCOUNT_URL_TAKEN_MESSAGE);
    throw error;
  }
}
