import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';

/** A feature that needs a paid plan: say which, and lead to the subscription page. */
export function UpgradeDialog({ opened, onClose, feature }: { opened: boolean; onClose: () => void; feature: string }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Upgrade your plan">
      <Stack gap="md">
        <Text size="sm">{feature} is available on paid plans. Choose a plan to turn it on for your certificates.</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Not now
          </Button>
          <Button component={Link} to="/account/subscription">
            See plans
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
