import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { accounts } from '../../db/schema.ts';
import { requireRole } from '../../http/auth.ts';
import { notFound } from '../../http/errors.ts';
import { audit } from '../system/audit.ts';
import { adjustBucket, type CreditBucket } from './ledger.ts';

const balance = z.number().int().min(0).max(10_000_000);

/**
 * Super-admins set an account's balances and set allowance (spec 3 §7 admin-update). New balances
 * become ledger entries for the difference, so the ledger always explains the balance.
 */
export function creditRoutes(app: FastifyInstance, context: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.put(
    '/api/accounts/:id/admin-update',
    {
      schema: {
        tags: ['admin'],
        params: z.object({ id: z.coerce.number().int().positive() }),
        body: z.object({
          credits: balance.optional(),
          subscription_credits: balance.optional(),
          allowed_sets: z.number().int().min(0).max(10_000).optional(),
        }),
      },
    },
    async (request) => {
      const auth = requireRole(request, ['global_admin']);
      const now = context.clock.now();
      const updated = await context.db.transaction(async (tx) => {
        const [account] = await tx.select().from(accounts).where(eq(accounts.id, request.params.id));
        if (!account) throw notFound();
        const adjust = async (bucket: CreditBucket, target: number | undefined, current: number) => {
          if (target === undefined) return;
          await adjustBucket(tx as Db, {
            accountId: account.id,
            bucket,
            delta: target - current,
            kind: 'admin_adjust',
            actorId: auth.user.id,
            at: now,
          });
        };
        await adjust('payg', request.body.credits, account.credits);
        await adjust('subscription', request.body.subscription_credits, account.subscription_credits);
        if (request.body.allowed_sets !== undefined)
          await tx.update(accounts).set({ allowed_sets: request.body.allowed_sets }).where(eq(accounts.id, account.id));
        await audit(
          context,
          { action: 'account.admin_update', accountId: account.id, actorId: auth.user.id, ip: request.ip, details: request.body },
          tx as Db,
        );
        return (await tx.select().from(accounts).where(eq(accounts.id, account.id)))[0]!;
      });
      return {
        id: updated.id,
        credits: updated.credits,
        subscription_credits: updated.subscription_credits,
        allowed_sets: updated.allowed_sets,
      };
    },
  );
}
