import { IconCertificate } from '@tabler/icons-react';
import { EmptyPanel } from '../components/EmptyPanel.tsx';
import { PageHeader } from '../components/PageHeader.tsx';
import { useIssuerName } from './useIssuerName.ts';

/** The recipient portal (spec 1 §2 portal routes): where recipients find what was sent to them. */
export function PortalHomePage() {
  const issuer = useIssuerName();
  return (
    <>
      <PageHeader
        title="Your certificates"
        description={`Certificates issued to you${issuer ? ` by ${issuer}` : ''}: view them, download a PDF, or add them to your LinkedIn profile.`}
      />
      <EmptyPanel
        icon={<IconCertificate size={26} stroke={1.6} />}
        title="Nothing here yet"
        description="When a certificate is issued to your email address, it appears here and in your inbox."
        action={{ label: 'See all my certificates', to: '/portal/certificates' }}
      />
    </>
  );
}
