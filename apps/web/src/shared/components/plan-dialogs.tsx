import { primaryRole } from '@laurel/domain';
import { Button, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconCrown, IconStack2 } from '@tabler/icons-react';
import { useCurrentUser } from '../session/queries.ts';

/**
 * docs/product/billing-and-credits.md#who-may-do-what: features above the plan lead to /account/subscription. Billing is
 * the account admin's, so a sub-user is asked to turn to them instead of being sent to a screen they cannot open.
 */
export function openUpgradeDialog(navigate: (to: string) => void, feature: string) {
  const id = modals.open({
    title: (
      <Group gap="xs">
        <IconCrown size={18} color="var(--mantine-color-yellow-7)" />
        <Text fw={600}>Upgrade your account</Text>
      </Group>
    ),
    children: (
      <UpgradeBody
        feature={feature}
        onClose={() => modals.close(id)}
        onPlans={() => {
          modals.close(id);
          navigate('/account/subscription');
        }}
      />
    ),
  });
}

function UpgradeBody({ feature, onClose, onPlans }: { feature: string; onClose: () => void; onPlans: () => void }) {
  const user = useCurrentUser().data;
  const subUser = !!user && primaryRole(user) === 'account_user';
  return (
    <Stack gap="md">
      <Text size="sm">{feature}</Text>
      {subUser && <Text size="sm">Please ask your account administrator to choose a plan.</Text>}
      <Group justify="flex-end">
        {subUser ? (
          <Button onClick={onClose}>Close</Button>
        ) : (
          <>
            <Button variant="default" onClick={onClose}>
              Not now
            </Button>
            <Button onClick={onPlans}>See plans</Button>
          </>
        )}
      </Group>
    </Stack>
  );
}

/** docs/product/builder.md#new-certificate: creating beyond allowed_sets offers to buy more sets. */
export function openNeedMoreSetsDialog(navigate: (to: string) => void) {
  const id = modals.open({
    title: (
      <Group gap="xs">
        <IconStack2 size={18} />
        <Text fw={600}>You need more certificate sets</Text>
      </Group>
    ),
    children: (
      <Stack gap="md">
        <Text size="sm">
          Your account has used all of its certificate sets. Buy more to create another design, or delete one you no longer use.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => modals.close(id)}>
            Cancel
          </Button>
          <Button
            onClick={() => {
              modals.close(id);
              navigate('/build/purchase');
            }}
          >
            Buy certificate sets
          </Button>
        </Group>
      </Stack>
    ),
  });
}
