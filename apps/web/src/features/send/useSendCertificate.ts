import { recipientFields } from '@laurel/certificate';
import { type CertificateSetWithUploads, renderingCalls } from '@laurel/domain';
import { useQuery } from '@tanstack/react-query';
import { callUrl } from '../../shared/api/call.ts';
import { getCertificateSet } from '../designer/index.ts';
import type { SendCertificate } from './api/send.ts';
import { sendKeys } from './query-keys.ts';

/** A set read in full, reduced to what the wizard needs: its look and the fields an import fills. */
export function toSendCertificate(set: CertificateSetWithUploads): SendCertificate {
  const fields = recipientFields(set);
  return {
    id: set.id,
    name: set.name,
    format: set.format,
    is_portrait: set.is_portrait,
    use_two_side: set.use_two_side && set.back_side_elements.length > 0,
    expiration_date_format: fields.some((f) => f.kind === 'expiration_date') ? (set.expiration_date_format ?? 'MM/DD/YYYY') : null,
    fields,
    created_at: set.created_at,
    updated_at: set.updated_at,
    image: callUrl(renderingCalls.getCertificateImage, { params: { id: set.id }, query: { t: String(Date.parse(set.updated_at)) } }),
  };
}

export function useSendCertificate(id: number | null) {
  return useQuery({
    queryKey: sendKeys.certificate(id),
    queryFn: async () => toSendCertificate(await getCertificateSet(id!)),
    enabled: id !== null,
    staleTime: 60_000,
  });
}
