import { canSend, planLevel, type UserDto } from '@laurel/domain';

/**
 * Exports are shown only for premium accounts (spec 3 §6): any active paid plan, and to sub-users who
 * may send. The server checks both too.
 */
export function canExport(user: UserDto): boolean {
  return user.account ? planLevel(user.account) >= 1 && canSend(user) : false;
}
