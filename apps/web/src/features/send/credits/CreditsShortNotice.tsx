import { Alert, Button, Group, Text } from '@mantine/core';
import { IconCoins } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { RequestCreditsDialog } from './RequestCreditsDialog.tsx';

/** Says plainly how many credits are missing, with the way to get them: buy, or ask the admin. */
export function CreditsShortNotice({
  available,
  needed,
  canBuy,
  children,
}: {
  available: number;
  needed: number;
  canBuy: boolean;
  children?: ReactNode;
}) {
  const [asking, setAsking] = useState(false);
  const missing = needed - available;
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconCoins size={18} />}
      title={`${missing} more ${missing === 1 ? 'credit' : 'credits'} needed`}
      data-testid="credits-short"
    >
      <Text size="sm">
        Each certificate uses one credit. Your account has {available} {available === 1 ? 'credit' : 'credits'} and this list has {needed}{' '}
        recipients.
      </Text>
      {children}
      <Group mt="sm" gap="sm">
        {canBuy ? (
          <Button component={Link} to="/account/subscription" size="xs" color="orange">
            Buy credits
          </Button>
        ) : (
          <Button size="xs" color="orange" onClick={() => setAsking(true)}>
            Request credits
          </Button>
        )}
      </Group>
      <RequestCreditsDialog opened={asking} suggested={missing} onClose={() => setAsking(false)} />
    </Alert>
  );
}
