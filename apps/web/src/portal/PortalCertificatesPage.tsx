import { IconCertificate } from '@tabler/icons-react';
import { EmptyPanel } from '../components/EmptyPanel.tsx';
import { PageHeader } from '../components/PageHeader.tsx';
import { useIssuerName } from './useIssuerName.ts';

export function PortalCertificatesPage() {
  const issuer = useIssuerName();
  return (
    <>
      <PageHeader
        title="My certificates"
        description={`Search, annotate and re-send the certificates ${issuer ?? 'organisations'} issued to you.`}
      />
      <EmptyPanel
        icon={<IconCertificate size={26} stroke={1.6} />}
        title="No certificates yet"
        description="Certificates appear here as soon as they are issued to your email address."
      />
    </>
  );
}
