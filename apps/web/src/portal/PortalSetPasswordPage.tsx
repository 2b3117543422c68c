import { Button } from '@mantine/core';
import { IconKey, IconMailOpened } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PortalCard } from './PortalCard.tsx';

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
