import { WEBHOOK_MESSAGES as M } from '@laurel/domain';
import type { AppContext } from '../../context.ts';
import { badRequest } from '../../http/errors.ts';
import { PrivateTargetError, resolvePublicTarget } from '../../net/public-address.ts';

/**
 * An endpoint's address is checked when saved (https, a public address) and again by the guarded
 * fetcher on every attempt, since a name can be pointed elsewhere later. Plain http and private
 * addresses pass only with ALLOW_PRIVATE_TARGETS (tests and closed networks).
 */
export async function checkEndpointUrl(context: AppContext, address: string): Promise<string> {
  const refuse = (message: string) => badRequest(message, { field: 'url' });
  if (!URL.canParse(address)) throw refuse(M.urlInvalid);
  const url = new URL(address);
  const allowPrivate = context.env.ALLOW_PRIVATE_TARGETS;
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) throw refuse(M.httpsOnly);
  if (url.username || url.password || !url.hostname) throw refuse(M.urlInvalid);
  try {
    await resolvePublicTarget(url.hostname, { allowPrivate });
  } catch (error) {
    throw refuse(error instanceof PrivateTargetError ? M.privateTarget : M.unresolvable);
  }
  return url.toString();
}
