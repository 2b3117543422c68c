import type { Db } from '../../db/client.ts';

/**
 * The database half of a change read from Stripe, run afterwards in one short transaction: answers the
 * account it touched. Reading first and writing after is what keeps every Stripe round trip outside a
 * transaction (webhook.ts).
 */
export type Apply = (tx: Db) => Promise<number | undefined>;
