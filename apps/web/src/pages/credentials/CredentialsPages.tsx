import { IconCertificate, IconLogin } from '@tabler/icons-react';
import { EmptyPanel } from '../../components/EmptyPanel.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PortalCard } from '../portal/PortalCard.tsx';

/** The credentials portal: one sign-in for credentials from every issuer that uses Laurel. */
export function CredentialsHomePage() {
  return (
    <>
      <PageHeader title="My credentials" description="Every credential issued to you through Laurel, whichever organisation issued it." />
      <EmptyPanel
        icon={<IconCertificate size={26} stroke={1.6} />}
        title="No credentials yet"
        description="Credentials appear here as soon as an organisation issues one to your email address."
      />
    </>
  );
}

export function CredentialsLoginPage() {
  return (
    <PortalCard icon={<IconLogin size={28} stroke={1.6} />} title="Sign in to your credentials">
      One sign-in for the credentials every organisation has issued to you through Laurel. Use the email address your credentials were sent
      to.
    </PortalCard>
  );
}
