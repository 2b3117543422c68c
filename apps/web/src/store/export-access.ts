import { canSend, featureAllowed, type UserDto } from '@laurel/domain';

/**
 * Exports are shown only for premium accounts (spec 3 §6): the catalogue's `export` feature, and to sub-users who
 * may send. The server checks both too.
 */
export function canExport(user: UserDto): boolean {
  return user.account ? featureAllowed(user.account, 'export') && canSend(user) : false;
}
