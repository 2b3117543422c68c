import { Center, Loader } from '@mantine/core';
import { IconWorldOff } from '@tabler/icons-react';
import { usePageSize } from '../../shared/hooks/usePageSize.ts';
import { useSignedInUser } from '../../shared/session/queries.ts';
import { PortalCard } from './PortalCard.tsx';
import { PortalCertificateList } from './PortalCertificateList.tsx';
import { usePortalAccount } from './usePortalAccount.ts';

/** The signed-in holder's certificates on this issuer's portal, in the page size they keep (`portal`). */
export function PortalCertificatesPage() {
  const user = useSignedInUser();
  const pageSize = usePageSize('portal');
  const { account, pending, invalid } = usePortalAccount();
  if (pending) {
    return (
      <Center py={80} role="status" aria-label="Loading your certificates">
        <Loader />
      </Center>
    );
  }
  if (invalid || !account) {
    return (
      <PortalCard icon={<IconWorldOff size={28} stroke={1.6} />} title="This portal does not exist">
        Open the portal from the link in the email that brought your certificate.
      </PortalCard>
    );
  }
  return <PortalCertificateList account={account} email={user.email} pageSize={pageSize} />;
}
