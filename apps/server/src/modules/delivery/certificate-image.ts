import { createHash } from 'node:crypto';
import { canvasSize, migrateDesign } from '@laurel/certificate';
import { CERTIFICATE_IMAGE_WIDTHS } from '@laurel/domain';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import type { AppContext } from '../../context.ts';
import { designPng } from '../certificates/index.ts';
import { recipientData } from './certificate-file.ts';
import { byToken, type CertificateRow } from './public-certificate.ts';

/** The widths the page offers in its `srcset`; the route draws no other, so no one can fill the cache. */
export const IMAGE_WIDTHS = CERTIFICATE_IMAGE_WIDTHS;

/** WebP at this quality keeps a certificate's fine print legible at a tenth of the PNG's bytes. */
const WEBP_QUALITY = 82;

/**
 * What the page needs to lay out the image before it arrives: its size at each width (from the
 * design's page format), and a version that changes whenever what it shows could (the snapshot's
 * design, the recipient's name and fields), so its address can be cached for good.
 */
export function certificateImageFacts(context: AppContext, { project, recipient }: CertificateRow) {
  const design = migrateDesign(project.snapshot.design);
  const canvas = canvasSize(design.format, design.is_portrait);
  const version = createHash('sha256')
    .update(JSON.stringify([design, recipientData(context, recipient)]))
    .digest('base64url')
    .slice(0, 12);
  return { version, heightAt: (width: number) => Math.round((canvas.height * width) / canvas.width) };
}

/**
 * Variants drawn lately, kept in memory: a page opened from an email is opened again within minutes
 * (and by the people it is shared with), while browsers keep the versioned address for a year. Not
 * kept in the file store, where a recipient's edited or deleted certificate would outlive them.
 */
const RECENT_LIMIT = 48;
const recentByContext = new WeakMap<AppContext, Map<string, Promise<Buffer>>>();

/** The certificate as WebP at one of the offered widths, and its current version (for caching). */
export async function publicCertificateWebp(context: AppContext, token: string, width: number): Promise<{ webp: Buffer; version: string }> {
  const row = await byToken(context, token);
  const { version } = certificateImageFacts(context, row);
  const recent = recentByContext.get(context) ?? new Map<string, Promise<Buffer>>();
  recentByContext.set(context, recent);
  const key = `${token}/${version}/${width}`;
  let webp = recent.get(key);
  if (!webp) {
    webp = drawWebp(context, row, width);
    webp.catch(() => recent.delete(key));
    recent.set(key, webp);
    if (recent.size > RECENT_LIMIT) recent.delete(recent.keys().next().value!);
  }
  return { webp: await webp, version };
}

/** Drawn in the render pool as PNG, then re-encoded (off the event loop: the encoder runs on libuv's threads). */
async function drawWebp(context: AppContext, { project, recipient }: CertificateRow, width: number): Promise<Buffer> {
  const design = migrateDesign(project.snapshot.design);
  const png = await designPng(context, project.account_id, design, recipientData(context, recipient), { width });
  const image = await loadImage(png);
  const canvas = createCanvas(image.width, image.height);
  canvas.getContext('2d').drawImage(image, 0, 0);
  return canvas.encode('webp', WEBP_QUALITY);
}
