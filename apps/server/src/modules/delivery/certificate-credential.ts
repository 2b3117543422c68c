import type { AppContext } from '../../context.ts';
import type { projects, recipients } from '../../db/schema.ts';
import { type Credential, credentialsFor } from '../open-badges/index.ts';
import { awardedTitle } from './awarded-title.ts';
import { recipientLinks } from './links.ts';

/**
 * A sent certificate's Open Badges credential, from what delivery knows of it (what was awarded, where its
 * page is): signed once and kept by the open-badges module, so every file and download carries the same one.
 */

type Certificate = { recipient: typeof recipients.$inferSelect; project: typeof projects.$inferSelect };

/** The credentials of several certificates at once, by recipient id (a delivery batch signs together). */
export function certificateCredentials(context: AppContext, certificates: Certificate[]): Promise<Map<number, Credential>> {
  return credentialsFor(
    context,
    certificates.map(({ recipient, project }) => ({
      recipient,
      setId: project.certificate_id,
      title: awardedTitle(project.snapshot),
      pageUrl: recipientLinks(context, recipient.token).certificate,
    })),
  );
}

export async function certificateCredential(context: AppContext, certificate: Certificate): Promise<Credential> {
  return (await certificateCredentials(context, [certificate])).get(certificate.recipient.id)!;
}

/** The credential as the PNG and the PDF carry it: its JSON, compact, in the key order it was signed in. */
export const credentialText = (credential: Credential) => JSON.stringify(credential);
