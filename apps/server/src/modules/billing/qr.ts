import { eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { AppContext } from '../../context.ts';
import { accounts } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import { findCertificateSet, type Member } from '../certificates/index.ts';
import { assertFeature } from './gates.ts';

/**
 * A set's QR code image (docs/product/builder.md#calls `certificates/{id}/qr/50`) for plans with QR codes. A set has no
 * recipient yet, so the code leads to the verification page; each sent certificate carries its own.
 */
export async function certificateQrPng(context: AppContext, member: Member, setId: number, size: number): Promise<Buffer> {
  const set = await findCertificateSet(context, member, setId);
  const [account] = await context.db.select().from(accounts).where(eq(accounts.id, set.account_id));
  if (!account) throw notFound();
  assertFeature(account, 'qr_code', context.clock.now());
  return QRCode.toBuffer(`${context.env.PUBLIC_URL}/verify`, { type: 'png', width: size, margin: 1, errorCorrectionLevel: 'M' });
}
