import { Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCreditCardOff } from '@tabler/icons-react';
import { Link } from 'react-router';

/**
 * What the card screens show on an installation without Stripe (the manual provider): there is no card
 * to keep, so the screen says so and points at the operator request that replaces a card purchase.
 */
export function NoPaymentsPanel({ what }: { what: string }) {
  return (
    <Paper withBorder p={{ base: 'lg', sm: 'xl' }} radius="md" maw={720} aria-label="Card payments not set up" component="section">
      <Group align="flex-start" gap="lg" wrap="nowrap">
        <ThemeIcon variant="light" color="gilt" size={48} radius="xl">
          <IconCreditCardOff size={26} />
        </ThemeIcon>
        <Stack gap="sm">
          <Title order={2} fz={18}>
            Card payments are not set up on this server
          </Title>
          <Text size="sm" c="stone.7">
            {what} needs a card payment provider, which this installation does not use. Plans and credits are granted by the operator
            instead: choose a plan or a credit pack and send the request, and they are added to your account once granted.
          </Text>
          <Group gap="sm" mt="xs">
            <Button component={Link} to="/account/billing-subscriptions">
              Compare plans
            </Button>
            <Button component={Link} to="/account/purchase-credits" variant="default">
              Request credits
            </Button>
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}
