import { Button } from '@mantine/core';
import { IconCertificate, IconKey, IconLogin, IconMailOpened, IconUserPlus, IconWorldOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmptyPanel } from '../../components/EmptyPanel.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useAppConfig } from '../../session/queries.ts';
import { PortalCard } from './PortalCard.tsx';

/** The issuing account on its own portal host; null on the main host. */
function useIssuerName(): string | null {
  const { data } = useAppConfig();
  return data?.host.account?.name ?? null;
}

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

export function PortalRegisterPage() {
  return (
    <PortalCard
      icon={<IconUserPlus size={28} stroke={1.6} />}
      title="Create your portal sign-in"
      footer={
        <Button component={Link} to="/portal/login" variant="light">
          I already have a sign-in
        </Button>
      }
    >
      Set a password for the address your certificate was sent to, and every certificate issued to you stays one click away.
    </PortalCard>
  );
}

export function PortalSetPasswordPage() {
  return (
    <PortalCard
      icon={<IconKey size={28} stroke={1.6} />}
      title="Choose your password"
      footer={
        <Button component={Link} to="/portal/login" variant="light" leftSection={<IconMailOpened size={16} />}>
          Back to sign in
        </Button>
      }
    >
      Open the link in your email to choose a password for the recipient portal.
    </PortalCard>
  );
}
