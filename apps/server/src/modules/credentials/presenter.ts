import type { Credential } from '@laurel/domain';
import type { AppContext } from '../../context.ts';
import type { CredentialRow } from './service.ts';

/** Wide enough for a sharp card on a phone and a desktop grid alike. */
const IMAGE_WIDTH = 800;

/**
 * A certificate as the credentials portal shows it. Its image and page are the public ones, on the
 * main address: the credentials host does not serve the certificate pages.
 */
export function presentCredential(context: AppContext, row: CredentialRow): Credential {
  const base = context.env.PUBLIC_URL;
  return {
    id: row.id,
    issuer: { id: row.accountId, name: row.accountName },
    certificate_name: row.certificateName ?? '',
    first_name: row.firstName,
    last_name: row.lastName,
    image_url: `${base}/api/c/${row.token}/image.png?width=${IMAGE_WIDTH}`,
    url: `${base}/c/${row.token}`,
    earned: (row.sentAt ?? row.createdAt).toISOString(),
    expired: row.expiration || 'None',
    memo: row.memo ?? '',
    revoked: row.revokedAt !== null,
  };
}
