import { migrateDesign, type Recipient } from '@laurel/certificate';
import { credentialAttachment, isRenderError, type PooledDesign } from '@laurel/certificate/node';
import type { AppContext } from '../../context.ts';
import type { projects, recipients } from '../../db/schema.ts';
import { designPdf, preparedPdfRenderer } from '../certificates/index.ts';
import type { Credential } from '../open-badges/index.ts';
import { certificateCredential, credentialText } from './certificate-credential.ts';
import { type IssuedFile, issuedFile, recordIssuedFiles } from './issued-files.ts';
import { recipientLinks } from './links.ts';

type RecipientRow = typeof recipients.$inferSelect;
type ProjectRow = typeof projects.$inferSelect;

/**
 * The two PDFs of a certificate, the same document with the same credential: `print`, the download, embeds stored
 * images at print resolution; `email`, the copy a message attaches when the issuer asks for it, keeps their light,
 * screen-resolution images, so a message stays a fraction of the size.
 */
export type CertificatePdfWeight = 'print' | 'email';
const WEIGHTS: readonly CertificatePdfWeight[] = ['print', 'email'];

/**
 * Where a version of a recipient's PDF is kept: each version under a key of its own (the first where every PDF was
 * kept before corrections made versions), so a PDF drawn from a version a correction just replaced can never be
 * stored where the new version's belongs, and the file an earlier message carried stays as it was sent. The copy
 * emails carry is kept beside the download, under `-email`.
 */
export const certificateFileKey = (
  { token, certificate_version: version }: Pick<RecipientRow, 'token' | 'certificate_version'>,
  weight: CertificatePdfWeight = 'print',
) => `cert-${token}${version > 1 ? `-v${version}` : ''}${weight === 'email' ? '-email' : ''}.pdf`;

/** The keys of every version of a recipient's PDFs (download and emailed copy), for removing them all. */
export const certificateFileKeys = (recipient: Pick<RecipientRow, 'token' | 'certificate_version'>) =>
  Array.from({ length: recipient.certificate_version }, (_, i) =>
    WEIGHTS.map((weight) => certificateFileKey({ token: recipient.token, certificate_version: i + 1 }, weight)),
  ).flat();

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
const cachesByContext = new WeakMap<AppContext, Map<string, { renderer: Promise<PooledDesign>; at: number }>>();

export function projectRenderer(context: AppContext, project: ProjectRow, weight: CertificatePdfWeight = 'print'): Promise<PooledDesign> {
  let renderers = cachesByContext.get(context);
  if (!renderers) {
    renderers = new Map();
    cachesByContext.set(context, renderers);
  }
  const now = Date.now();
  const key = `${project.id}:${weight}`;
  const cached = renderers.get(key);
  if (cached && now - cached.at < RENDERER_TTL_MS) return cached.renderer;
  const renderer = preparedPdfRenderer(context, project.account_id, migrateDesign(project.snapshot.design), project.snapshot.name, {
    print: weight === 'print',
  });
  renderer.catch(() => renderers.delete(key));
  renderers.delete(key);
  renderers.set(key, { renderer, at: now });
  if (renderers.size > RENDERER_CACHE_SIZE) renderers.delete(renderers.keys().next().value!);
  return renderer;
}

/**
 * Whether the project's design can be drawn at all (an image too large to decode, a render past its limits). A send
 * that attaches no PDF draws none, so it asks this instead: one PDF drawn and dropped, for the first recipient
 * met, once per project and process while the answer is fresh, and a design that cannot be drawn fails its deliveries
 * with the reason, as a drawn PDF did, before anyone gets a link to a certificate that cannot be shown. Only a
 * render's refusal is remembered; any other failure is asked again next time.
 */
const checksByContext = new WeakMap<AppContext, Map<number, { check: Promise<void>; at: number }>>();

export function projectDrawable(context: AppContext, project: ProjectRow, recipient: RecipientRow): Promise<void> {
  let checks = checksByContext.get(context);
  if (!checks) {
    checks = new Map();
    checksByContext.set(context, checks);
  }
  const now = Date.now();
  const cached = checks.get(project.id);
  if (cached && now - cached.at < RENDERER_TTL_MS) return cached.check;
  const check = designPdf(
    context,
    project.account_id,
    migrateDesign(project.snapshot.design),
    recipientData(context, recipient),
    project.snapshot.name,
  ).then(() => undefined);
  check.catch((error) => {
    if (!isRenderError(error)) checks.delete(project.id);
  });
  checks.delete(project.id);
  checks.set(project.id, { check, at: now });
  if (checks.size > RENDERER_CACHE_SIZE) checks.delete(checks.keys().next().value!);
  return check;
}

/**
 * The recipient's PDF, rendered once from the project's snapshot and kept: the certificate they
 * download later is the one issued, whatever happens to the design afterwards. The download is drawn the first time
 * anyone asks for it (a send that attaches nothing draws none); the `email` weight is the copy a message attaches.
 * Both carry the recipient's Open Badges credential as an embedded file (signed now when the caller has not brought
 * it); a PDF stored before credentials existed stays as it was issued. A PDF drawn now is recorded as handed out
 * (issued-files.ts): at once, or with its batch when the caller collects them in `drawn`.
 */
export async function issuedCertificatePdf(
  context: AppContext,
  project: ProjectRow,
  recipient: RecipientRow,
  { credential, drawn, weight = 'print' }: { credential?: Credential; drawn?: IssuedFile[]; weight?: CertificatePdfWeight } = {},
): Promise<Buffer> {
  const key = certificateFileKey(recipient, weight);
  const stored = await context.files.get(key);
  if (stored) return stored;
  const signed = credential ?? (context.signCredentials ? await certificateCredential(context, { project, recipient }) : null);
  const renderer = await projectRenderer(context, project, weight);
  const attachments = signed ? [credentialAttachment(credentialText(signed))] : [];
  const pdf = await renderer.renderPdf(recipientData(context, recipient), { attachments });
  await context.files.put(key, pdf);
  const file = issuedFile(recipient, 'pdf', pdf);
  if (drawn) drawn.push(file);
  else await recordIssuedFiles(context, [file]);
  return pdf;
}
