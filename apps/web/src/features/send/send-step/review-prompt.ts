import type { UserDto } from '@laurel/domain';
import type { AppConfig } from '../../../shared/api/config.ts';

/**
 * "Not now" lasts for this browser session (sessionStorage), so a later send in a new session asks
 * again until the user has reviewed. Keyed per user: two people may share a browser.
 */
const key = (userId: number) => `laurel.review-prompt.not-now.${userId}`;

function saidNotNow(userId: number): boolean {
  try {
    return sessionStorage.getItem(key(userId)) === '1';
  } catch {
    return false;
  }
}

export function rememberNotNow(userId: number): void {
  try {
    sessionStorage.setItem(key(userId), '1');
  } catch {
    // Storage refused (some private windows): the prompt may come back after the next send, no harm.
  }
}

/**
 * Who is asked after a send (docs/product/send-wizard.md#flows): only where a review page is configured, only members of an
 * account (the review address is theirs to ask for), never someone who already reviewed, and never an
 * admin acting as the user, whose opinion it would not be.
 */
export function shouldAskForReview(user: UserDto, config: AppConfig | undefined): boolean {
  return !!config?.reviews_enabled && !!user.account && !user.review && !user.impersonated_by && !saidNotNow(user.id);
}
