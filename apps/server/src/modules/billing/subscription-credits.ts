import { findPlan } from '@laurel/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { creditLedger } from '../../db/schema.ts';
import { grantCredits, lapseSubscription, refillAllocations } from '../credits/index.ts';
import { priceFacts } from './prices.ts';

/**
 * Subscription credits from paid Stripe invoices. A period's invoice (any billing reason but
 * `subscription_update`) starts a period: what is left lapses and the plan's monthly credits arrive. A
 * plan change's proration invoice belongs to the period under way and carries credits in proportion to
 * what it charged: each plan line's monthly credits times the share of that plan's monthly price the line
 * bills (the old plan's unused time counts negative, so an upgrade brings the difference for the time
 * left and a downgrade brings nothing). Within one period the grants together never pass the highest
 * plan paid for in it, however often the plan goes down and up again.
 */

/** A paid subscription invoice, as credits. */
export interface InvoiceCredits {
  id: string;
  number: string | null;
  startsPeriod: boolean;
  /** A period's invoice: its plan's monthly credits; a plan change's: the credits for the share of the period it billed. */
  credits: number;
  /** The highest monthly credits of a plan this invoice charges for: the ceiling of its period's grants. */
  ceiling: number;
}

const isSubscriptionInvoice = (invoice: Stripe.Invoice) => !!invoice.parent?.subscription_details;
const startsPeriod = (invoice: Stripe.Invoice) => invoice.billing_reason !== 'subscription_update';
const isProration = (line: Stripe.InvoiceLineItem) =>
  !!(line.parent?.subscription_item_details?.proration ?? line.parent?.invoice_item_details?.proration);

function linePrice(line: Stripe.InvoiceLineItem): string | null {
  const price = line.pricing?.price_details?.price;
  return typeof price === 'string' ? price : (price?.id ?? null);
}

/** Reads what each line of an invoice charges for: the plan, and the share of the plan's monthly price billed. */
async function invoiceCredits(stripe: Stripe, invoice: Stripe.Invoice): Promise<InvoiceCredits> {
  const period = startsPeriod(invoice);
  let prorated = 0;
  let full = 0;
  let ceiling = 0;
  for (const line of invoice.lines.data) {
    const facts = await priceFacts(stripe, linePrice(line));
    const plan = findPlan(facts?.plan);
    if (!plan) continue;
    if (line.amount > 0) ceiling = Math.max(ceiling, plan.monthly_credits);
    // A period's own plan line gives the plan's month whatever a coupon took off; prorations left over
    // from the period before belong to that period, which is over.
    if (period) {
      if (line.amount > 0 && !isProration(line)) full = Math.max(full, plan.monthly_credits);
      continue;
    }
    if (facts?.unitAmount) prorated += (plan.monthly_credits * line.amount) / facts.unitAmount;
  }
  // Never more than was paid for: a fraction of a credit is not given.
  const credits = period ? full : Math.max(0, Math.floor(prorated + 1e-9));
  return { id: invoice.id!, number: invoice.number, startsPeriod: period, credits, ceiling: period ? full : ceiling };
}

/** The customer's paid subscription invoices, oldest first (Stripe's order: created, then number), as credits. */
export async function readPaidSubscriptionInvoices(stripe: Stripe, list: Stripe.Invoice[]): Promise<InvoiceCredits[]> {
  const paid = list
    .filter((i) => i.status === 'paid' && isSubscriptionInvoice(i))
    .sort((a, b) => a.created - b.created || String(a.number).localeCompare(String(b.number)));
  const out: InvoiceCredits[] = [];
  for (const invoice of paid) out.push(await invoiceCredits(stripe, invoice));
  return out;
}

const referenceOf = (invoice: InvoiceCredits) => `invoice:${invoice.id}`;

/**
 * Applies the paid subscription invoices not yet in the ledger, oldest first, after the newest one that
 * is. A period's invoice does what the monthly refill does for an account without Stripe: what is left
 * of the last period's subscription credits lapses, the plan's credits arrive, and sub-users on
 * auto-refill get their allocation back. A plan change's invoice adds its credits to the period under
 * way, but only up to the period's ceiling (the highest plan paid for in it) less what the period's
 * invoices already granted, as the ledger has it: an upgrade after a downgrade in the same period brings
 * nothing the period had not already paid for. An invoice older than one already applied belongs to a
 * period that is over and gives nothing. All of it under the account's row lock, and every grant's
 * reference is its invoice's, so replays and any event order end with the same ledger.
 */
export async function applyInvoices(context: AppContext, tx: Db, accountId: number, invoices: InvoiceCredits[]): Promise<void> {
  if (!invoices.length) return;
  await tx.execute(sql`select id from accounts where id = ${accountId} for update`);
  const granted = new Map(
    (
      await tx
        .select({ reference: creditLedger.reference, delta: creditLedger.delta })
        .from(creditLedger)
        .where(and(eq(creditLedger.account_id, accountId), inArray(creditLedger.reference, invoices.map(referenceOf))))
    ).map((r) => [r.reference!, r.delta]),
  );
  const lastApplied = invoices.reduce((last, invoice, index) => (granted.has(referenceOf(invoice)) ? index : last), -1);
  const at = context.clock.now();
  // The period each invoice falls in: its ceiling so far and what its invoices granted so far.
  let ceiling = 0;
  let given = 0;
  for (const [index, invoice] of invoices.entries()) {
    if (invoice.startsPeriod) {
      ceiling = 0;
      given = 0;
    }
    ceiling = Math.max(ceiling, invoice.ceiling);
    const reference = referenceOf(invoice);
    if (index <= lastApplied) {
      given += granted.get(reference) ?? 0;
      continue;
    }
    const amount = invoice.startsPeriod ? invoice.credits : Math.min(invoice.credits, ceiling - given);
    if (amount <= 0) continue;
    if (invoice.startsPeriod) await lapseSubscription(tx, { accountId, reference: `${reference}:lapse`, at });
    await grantCredits(tx, {
      accountId,
      bucket: 'subscription',
      amount,
      kind: 'subscription_invoice',
      reference,
      note: invoice.number ?? undefined,
      at,
    });
    given += amount;
    if (invoice.startsPeriod) await refillAllocations(tx, accountId);
  }
}
