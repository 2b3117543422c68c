import { IconLogin, IconWorldOff } from '@tabler/icons-react';
import { useAppConfig } from '../session/queries.ts';
import { PortalCard } from './PortalCard.tsx';
import { useIssuerName } from './useIssuerName.ts';

export function PortalLoginPage() {
  const issuer = useIssuerName();
  const { data: config } = useAppConfig();
  // A subdomain that belongs to no account still reaches the portal: say so instead of a sign-in.
  if (config?.host.on_portal_host && !config.host.credentials_portal && !config.host.account) {
    return (
      <PortalCard icon={<IconWorldOff size={28} stroke={1.6} />} title="This portal does not exist">
        Check the address in the email you received. If it still does not open, ask the organisation that issued your certificate.
      </PortalCard>
    );
  }
  return (
    <PortalCard icon={<IconLogin size={28} stroke={1.6} />} title="Sign in to your certificates">
      {`Use the email address ${issuer ?? 'the issuer'} sent your certificate to. The link in that email signs you in too.`}
    </PortalCard>
  );
}
