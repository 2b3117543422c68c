import type { AppContext } from '../../context.ts';
import { type Credential, credentialFileName } from '../open-badges/index.ts';
import { awardedTitle } from './awarded-title.ts';
import { certificateCredential } from './certificate-credential.ts';
import { byToken } from './public-certificate.ts';

/**
 * The credential of the certificate behind a public link: 404 for a link that leads nowhere and 410 for a
 * withdrawn one, as the certificate's page answers. A revoked certificate's credential is still given: its
 * status says it was revoked.
 */
export async function credentialForToken(context: AppContext, token: string): Promise<{ credential: Credential; fileName: string }> {
  const row = await byToken(context, token);
  const credential = await certificateCredential(context, row);
  return { credential, fileName: credentialFileName(row.recipient, awardedTitle(row.project.snapshot)) };
}
