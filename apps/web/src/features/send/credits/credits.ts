import { availableCredits, type UserDto } from '@laurel/domain';

/** What the signed-in user can spend, and whether they may buy more themselves. */
export function creditsOf(user: UserDto) {
  return {
    available: user.account ? availableCredits(user.account) : 0,
    // Sub-users cannot buy: they ask their account admin instead.
    canBuy: user.roles[0]?.name !== 'account_user',
  };
}
