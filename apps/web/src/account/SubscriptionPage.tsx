import { activePlan, availableCredits, planDisplayName, UNSUBSCRIBED_CERTIFICATE_SET_LIMIT } from '@laurel/domain';
import { Badge, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { SectionPage } from '../components/SectionPage.tsx';
import { useSignedInUser } from '../session/queries.ts';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="stone.5" fw={600} tt="uppercase" style={{ letterSpacing: '0.06em' }}>
        {label}
      </Text>
      <Text fz={22} fw={650}>
        {value}
      </Text>
    </Stack>
  );
}

/** /account/subscription: the plan the account has now, and what it allows. */
export function SubscriptionPage() {
  const { account } = useSignedInUser();
  const plan = account ? activePlan(account) : undefined;
  return (
    <SectionPage
      def={{
        eyebrow: 'Account',
        title: 'Subscription',
        description: 'Your current plan, the credits it brings every month, and how many certificate sets it allows.',
        icon: <IconSparkles size={26} stroke={1.6} />,
        empty: plan
          ? {
              title: `You are on ${plan.display_name}`,
              description: `${plan.monthly_credits} credits arrive every month. Change plan or buy extra credits whenever you need them.`,
              action: { label: 'Compare plans', to: '/account/billing-subscriptions' },
            }
          : {
              title: 'Unlock more with a plan',
              description: `Without a subscription an account has ${UNSUBSCRIBED_CERTIFICATE_SET_LIMIT} certificate set. Subscribe for monthly credits, more designs and a branded portal.`,
              action: { label: 'Compare plans', to: '/account/billing-subscriptions' },
            },
      }}
    >
      {account && (
        <Card padding="xl" shadow="xs">
          <Group justify="space-between" mb="lg">
            <Text fw={650}>Current plan</Text>
            {account.trial_days_remaining > 0 && (
              <Badge variant="light" color="gilt">
                {account.trial_days_remaining} trial days left
              </Badge>
            )}
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
            <Figure label="Plan" value={planDisplayName(account)} />
            <Figure label="Credits available" value={availableCredits(account).toLocaleString('en-US')} />
            <Figure label="Certificate sets allowed" value={String(account.allowed_sets)} />
          </SimpleGrid>
        </Card>
      )}
    </SectionPage>
  );
}
