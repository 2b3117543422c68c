import type { AppContext } from '../../context.ts';
import type { projects, recipients } from '../../db/schema.ts';
import { type CertificateToCredential, type Credential, credentialsFor } from '../open-badges/index.ts';
import { recipientLinks } from './links.ts';

/**
 * A sent certificate's Open Badges credential, from what delivery knows of it (its set, where its page is):
 * signed once and kept by the open-badges module, so every file and download carries the same one.
 */

type Certificate = { recipient: typeof recipients.$inferSelect; project: typeof projects.$inferSelect };

/** What a certificate's credential is made of, for signing it. */
export const certificateToCredential = (context: AppContext, { recipient, project }: Certificate): CertificateToCredential => ({
  recipient,
  setId: project.certificate_id,
  title: project.snapshot.name,
  pageUrl: recipientLinks(context, recipient.token).certificate,
});

/** The credentials of several certificates at once, by recipient id (a delivery batch signs together). */
export function certificateCredentials(context: AppContext, certificates: Certificate[]): Promise<Map<number, Credential>> {
  return credentialsFor(
    context,
    certificates.map((certificate) => certificateToCredential(context, certificate)),
  );
}

export async function certificateCredential(context: AppContext, certificate: Certificate): Promise<Credential> {
  return (await certificateCredentials(context, [certificate])).get(certificate.recipient.id)!;
}

/** The credential as the PNG and the PDF carry it: its JSON, compact, in the key order it was signed in. */
export const credentialText = (credential: Credential) => JSON.stringify(credential);
