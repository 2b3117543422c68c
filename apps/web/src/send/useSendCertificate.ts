import { type CertificateDesign, recipientFields } from '@laurel/certificate';
import { useQuery } from '@tanstack/react-query';
import { type CertificateSet, getDesignSet } from '../build/api.ts';
import type { SendCertificate } from './api/send.ts';

/** A set read in full, reduced to what the wizard needs: its look and the fields an import fills. */
export function toSendCertificate(set: CertificateSet): SendCertificate {
  const fields = recipientFields(set as CertificateDesign);
  return {
    id: set.id,
    name: set.name,
    is_portrait: set.is_portrait,
    use_two_side: set.use_two_side && set.back_side_elements.length > 0,
    expiration_date_format: fields.some((f) => f.kind === 'expiration_date') ? (set.expiration_date_format ?? 'MM/DD/YYYY') : null,
    fields,
    updated_at: set.updated_at,
    image: `/api/certificates/${set.id}/image/image.png?t=${Date.parse(set.updated_at)}`,
  };
}

export function useSendCertificate(id: number | null) {
  return useQuery({
    queryKey: ['send', 'certificate', id],
    queryFn: async () => toSendCertificate(await getDesignSet({ kind: 'certificates', id: id! })),
    enabled: id !== null,
    staleTime: 60_000,
  });
}
