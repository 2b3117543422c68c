import { IconLogin } from '@tabler/icons-react';
import { PortalCard } from '../portal/PortalCard.tsx';

export function CredentialsLoginPage() {
  return (
    <PortalCard icon={<IconLogin size={28} stroke={1.6} />} title="Sign in to your credentials">
      One sign-in for the credentials every organisation has issued to you through Laurel. Use the email address your credentials were sent
      to.
    </PortalCard>
  );
}
