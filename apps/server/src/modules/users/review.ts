import { MESSAGES } from '@laurel/domain';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { users } from '../../db/schema.ts';
import type { Auth } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';

/**
 * Where an issuer writes a review of the product (docs/product/send-wizard.md#calls `accounts/g2-review-uri`). The address is
 * the operator's choice (`REVIEW_URL`); without one there is nowhere to send anyone, which the spec's
 * client reads as 'Review temporary unavailable'.
 */
export function reviewUrl(context: AppContext): { url: string } {
  const url = context.env.REVIEW_URL;
  if (!url) throw new AppError(503, MESSAGES.reviewUnavailable);
  return { url };
}

/** Once the flag is set the review prompt is not shown to this user again (docs/product/account.md#flows). */
export async function setReviewFlag(context: AppContext, auth: Auth, review: boolean): Promise<void> {
  await context.db.update(users).set({ review, updated_at: context.clock.now() }).where(eq(users.id, auth.user.id));
}
