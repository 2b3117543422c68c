import { Button } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PortalCard } from './PortalCard.tsx';

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
