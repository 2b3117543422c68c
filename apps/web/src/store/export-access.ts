import { planLevel, type UserDto } from '@laurel/domain';

/** Exports are shown only for premium accounts (spec 3 §6): any active paid plan. The server checks it too. */
export function canExport(user: UserDto): boolean {
  return user.account ? planLevel(user.account) >= 1 : false;
}
