import { ACCOUNT_MESSAGES, logoUrlRequest, UPLOAD_MAX_BYTES, UPLOAD_TOO_LARGE_MESSAGE } from '@laurel/domain';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { accounts } from '../../db/schema.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import { GuardedFetchError, guardedFetch } from '../../net/guarded-fetch.ts';
import type { UserRow } from '../auth/index.ts';
import { sniffImageType, storeImage } from '../files/index.ts';
import { audit } from '../system/index.ts';
import { accountFor } from './access.ts';

/** A logo fetched by address gets the limits of an uploaded one, and no longer than this to arrive. */
const LOGO_FETCH_TIMEOUT_MS = 10_000;

export type LogoSource = { kind: 'file'; bytes: Buffer; filename: string } | { kind: 'url'; body: unknown };

/**
 * Sets the account's logo from an uploaded file or from an address the server fetches. Either way the
 * bytes must be an image by their content, and what is stored is re-encoded, as every uploaded image.
 * The previous logo's file stays: designs that placed it as their logo element still point to it.
 */
export async function setAccountLogo(context: AppContext, user: UserRow, accountId: number, source: LogoSource, ip: string) {
  const account = await accountFor(context, user, accountId, 'change');
  const upload = source.kind === 'file' ? source : await fetchLogo(context, source.body);
  const stored = await storeImage(context, {
    accountId: account.id,
    userId: user.id,
    kind: 'logo',
    bytes: upload.bytes,
    originalName: upload.filename,
  });
  await context.db.transaction(async (tx) => {
    await tx.update(accounts).set({ imagepath: stored.imagepath, updated_at: context.clock.now() }).where(eq(accounts.id, account.id));
    await audit(
      context,
      { action: 'account.logo_changed', userId: user.id, accountId, ip, details: { imagepath: stored.imagepath, from: source.kind } },
      tx,
    );
  });
  return { imagepath: stored.imagepath, message: ACCOUNT_MESSAGES.imageUploaded };
}

export async function removeAccountLogo(context: AppContext, user: UserRow, accountId: number, ip: string) {
  const account = await accountFor(context, user, accountId, 'change');
  await context.db.transaction(async (tx) => {
    await tx.update(accounts).set({ imagepath: null, updated_at: context.clock.now() }).where(eq(accounts.id, account.id));
    await audit(context, { action: 'account.logo_removed', userId: user.id, accountId, ip, details: { imagepath: account.imagepath } }, tx);
  });
  return { imagepath: null, message: ACCOUNT_MESSAGES.imageRemoved };
}

/**
 * Fetches a logo through the guarded fetcher (http or https, public addresses only, checked again on
 * every redirect). Anything but an image answered in full is the spec's 'Image could not be found.',
 * with the reason as the second message.
 */
async function fetchLogo(context: AppContext, body: unknown): Promise<{ bytes: Buffer; filename: string }> {
  const parsed = logoUrlRequest.safeParse(body);
  if (!parsed.success)
    throw badRequest(parsed.error.issues[0]?.message ?? 'Logo URL is required.', { error_type: 'required', field: 'url' });
  const notFound = (reason: string, detail: string) =>
    badRequest(ACCOUNT_MESSAGES.imageNotFound, {
      error_type: `logo_${reason}`,
      field: 'url',
      errors: [ACCOUNT_MESSAGES.imageNotFound, detail],
    });
  try {
    const answer = await guardedFetch(parsed.data.url, {
      allowPrivate: context.env.ALLOW_PRIVATE_TARGETS,
      maxBytes: UPLOAD_MAX_BYTES,
      timeoutMs: LOGO_FETCH_TIMEOUT_MS,
      headers: { accept: 'image/png,image/jpeg,image/gif,image/webp;q=0.9,*/*;q=0.1' },
    });
    if (answer.status !== 200) throw notFound('status', `The address answered ${answer.status}.`);
    if (!sniffImageType(answer.body)) throw notFound('not_an_image', 'The address did not answer a PNG, JPEG, GIF or WebP image.');
    return { bytes: answer.body, filename: new URL(answer.url).pathname.split('/').pop() || 'logo' };
  } catch (error) {
    if (!(error instanceof GuardedFetchError)) throw error;
    if (error.reason === 'too_large') throw new AppError(413, UPLOAD_TOO_LARGE_MESSAGE, { error_type: 'too_large', field: 'url' });
    throw notFound(error.reason, `${error.message}.`);
  }
}
