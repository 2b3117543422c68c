import { migrateDesign, type Recipient } from '@laurel/certificate';
import { credentialAttachment, type PooledDesign } from '@laurel/certificate/node';
import type { AppContext } from '../../context.ts';
import type { projects, recipients } from '../../db/schema.ts';
import { preparedPdfRenderer } from '../certificates/index.ts';
import type { Credential } from '../open-badges/index.ts';
import { certificateCredential, credentialText } from './certificate-credential.ts';
import { type IssuedFile, recordIssuedFiles } from './issued-files.ts';
import { recipientLinks } from './links.ts';

type RecipientRow = typeof recipients.$inferSelect;
type ProjectRow = typeof projects.$inferSelect;

/**
 * Where a version of a recipient's PDF is kept: each version under a key of its own (the first where every PDF was
 * kept before corrections made versions), so a PDF drawn from a version a correction just replaced can never be
 * stored where the new version's belongs, and the file an earlier message carried stays as it was sent.
 */
export const certificateFileKey = ({ token, certificate_version: version }: Pick<RecipientRow, 'token' | 'certificate_version'>) =>
  version > 1 ? `cert-${token}-v${version}.pdf` : `cert-${token}.pdf`;

/** The keys of every version of a recipient's PDF, for removing them all. */
export const certificateFileKeys = (recipient: Pick<RecipientRow, 'token' | 'certificate_version'>) =>
  Array.from({ length: recipient.certificate_version }, (_, i) =>
    certificateFileKey({ token: recipient.token, certificate_version: i + 1 }),
  );

export function recipientData(context: AppContext, recipient: RecipientRow): Recipient {
  return {
    firstName: recipient.first_name,
    lastName: recipient.last_name,
    fields: recipient.meta,
    certificateNumber: recipient.certificate_number,
    expirationDate: recipient.meta.EXPIRATION_DATE || undefined,
    verificationUrl: recipientLinks(context, recipient.token).certificate,
  };
}

/**
 * The designs of the projects being sent (or printed), handed to the render pool once so that a send of
 * thousands prepares its design once per pool worker. Few projects are sent at once; entries expire so
 * that an account's new fonts are picked up.
 */
const RENDERER_TTL_MS = 10 * 60_000;
const RENDERER_CACHE_SIZE = 16;
const cachesByContext = new WeakMap<AppContext, Map<number, { renderer: Promise<PooledDesign>; at: number }>>();

export function projectRenderer(context: AppContext, project: ProjectRow): Promise<PooledDesign> {
  let renderers = cachesByContext.get(context);
  if (!renderers) {
    renderers = new Map();
    cachesByContext.set(context, renderers);
  }
  const now = Date.now();
  const cached = renderers.get(project.id);
  if (cached && now - cached.at < RENDERER_TTL_MS) return cached.renderer;
  const renderer = preparedPdfRenderer(context, project.account_id, migrateDesign(project.snapshot.design), project.snapshot.name);
  renderer.catch(() => renderers.delete(project.id));
  renderers.delete(project.id);
  renderers.set(project.id, { renderer, at: now });
  if (renderers.size > RENDERER_CACHE_SIZE) renderers.delete(renderers.keys().next().value!);
  return renderer;
}

/**
 * The recipient's PDF, rendered once from the project's snapshot and kept: the certificate they
 * download later is the one issued, whatever happens to the design afterwards. It carries the recipient's
 * Open Badges credential as an embedded file (signed now when the caller has not brought it); a PDF
 * stored before credentials existed stays as it was issued. A PDF drawn now is recorded as handed out
 * (issued-files.ts): at once, or with its batch when the caller collects them in `drawn`.
 */
export async function issuedCertificatePdf(
  context: AppContext,
  project: ProjectRow,
  recipient: RecipientRow,
  { credential, drawn }: { credential?: Credential; drawn?: IssuedFile[] } = {},
): Promise<Buffer> {
  const key = certificateFileKey(recipient);
  const stored = await context.files.get(key);
  if (stored) return stored;
  const signed = credential ?? (context.signCredentials ? await certificateCredential(context, { project, recipient }) : null);
  const renderer = await projectRenderer(context, project);
  const attachments = signed ? [credentialAttachment(credentialText(signed))] : [];
  const pdf = await renderer.renderPdf(recipientData(context, recipient), { attachments });
  await context.files.put(key, pdf);
  const file = { recipient, kind: 'pdf' as const, bytes: pdf };
  if (drawn) drawn.push(file);
  else await recordIssuedFiles(context, [file]);
  return pdf;
}
