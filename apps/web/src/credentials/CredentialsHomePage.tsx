import { IconCertificate } from '@tabler/icons-react';
import { EmptyPanel } from '../components/EmptyPanel.tsx';
import { PageHeader } from '../components/PageHeader.tsx';

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
