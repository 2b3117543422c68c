import { type Feature, upgradeMessage } from '@laurel/domain';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';

/** A feature above the account's plan: the catalogue's message, and the way to the subscription page. */
export function UpgradeDialog({ opened, onClose, feature }: { opened: boolean; onClose: () => void; feature: Feature }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Upgrade your plan">
      <Stack gap="md">
        <Text size="sm">{upgradeMessage(feature)} Choose a plan to turn it on for your certificates.</Text>
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
