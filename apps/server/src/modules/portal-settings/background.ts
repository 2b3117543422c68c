import { PORTAL_SETTINGS_MESSAGES as M } from '@laurel/domain';
import type { AppContext } from '../../context.ts';
import { storeImage } from '../files/index.ts';
import { audit } from '../system/index.ts';
import { customisableAccount } from './access.ts';

/**
 * Stores an uploaded portal background like every uploaded image: checked by its content (PNG, JPEG,
 * GIF, WebP), refused above 2 MB or the pixel limit, re-encoded. It takes effect with the next save.
 */
export async function uploadPortalBackground(
  context: AppContext,
  actor: { userId: number; accountId: number; ip: string },
  readFile: () => Promise<{ bytes: Buffer; filename: string }>,
) {
  // The plan is checked before the body is read: a refused upload costs no decoding.
  const account = await customisableAccount(context, actor.accountId);
  const upload = await readFile();
  const stored = await storeImage(context, {
    accountId: account.id,
    userId: actor.userId,
    kind: 'background',
    bytes: upload.bytes,
    originalName: upload.filename,
  });
  await audit(context, {
    action: 'portal_settings.background_uploaded',
    userId: actor.userId,
    accountId: account.id,
    ip: actor.ip,
    details: { imagepath: stored.imagepath },
  });
  return { success: true, message: M.imageUploaded, imagepath: stored.imagepath };
}
