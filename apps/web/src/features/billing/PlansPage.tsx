import { activePlan, findPlan, type PlanDto } from '@laurel/domain';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  List,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconCheck, IconCoins, IconInfoCircle, IconMinus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageHeader } from '../../shared/components/PageHeader.tsx';
import { plural } from '../../shared/lib/format.ts';
import { useAppConfig, useSignedInUser } from '../../shared/session/queries.ts';
import { count, usd } from './describe.ts';
import { TrialBadge } from './TrialBadge.tsx';
import { usePurchase } from './usePurchase.ts';

/** /account/billing-subscriptions: the plans side by side from the catalogue, the account's own marked. */
export function PlansPage() {
  const { account } = useSignedInUser();
  const config = useAppConfig();
  const { purchase, stripe } = usePurchase();
  const catalogue = config.data?.catalogue;
  const current = account ? activePlan(account)?.id : undefined;
  // The plan whose features a running trial lends is marked as such: trying it is what the trial is for.
  const trialPlanId = account?.trial?.running ? account.trial.plan_id : undefined;
  const trialPlanName = catalogue ? findPlan(catalogue.trial_plan)?.display_name : undefined;

  return (
    <Stack gap={0}>
      <PageHeader
        eyebrow="Account"
        title="Plans"
        description="Monthly plans bring credits every month and unlock more of Laurel. Compare them and choose the one that fits."
        actions={
          <Button component={Link} to="/account/purchase-credits" variant="default" leftSection={<IconCoins size={16} />}>
            Buy credits instead
          </Button>
        }
      />
      {config.data && !stripe && (
        <Alert variant="light" color="gilt" icon={<IconInfoCircle size={18} />} mb="lg" maw={900}>
          Card payments are not set up on this server. Choosing a plan sends a request to the operator, who grants it to your account.
        </Alert>
      )}
      {!catalogue ? (
        <SimpleGrid cols={{ base: 1, sm: 2, xl: 4 }}>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} h={420} radius="md" />
          ))}
        </SimpleGrid>
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2, xl: 4 }} spacing="lg">
            {catalogue.plans.map((plan) => (
              <PlanCard
                key={plan.id}
                plan={plan}
                features={catalogue.features}
                current={plan.id === current}
                trial={plan.id === trialPlanId}
                onChoose={() => purchase({ purchase_type: 'subscription', subscription: plan.id })}
              />
            ))}
          </SimpleGrid>
          <Card withBorder padding="lg" radius="md" mt="lg" maw={900}>
            <Group justify="space-between" wrap="wrap" gap="md">
              <Stack gap={4}>
                <Group gap="xs">
                  <Text fw={650}>Free and Pay As You Go</Text>
                  {!current && (
                    <Badge variant="light" color="laurel">
                      Your plan
                    </Badge>
                  )}
                  {account && <TrialBadge account={account} />}
                </Group>
                <Text size="sm" c="stone.6">
                  Without a plan an account gets {count(catalogue.free_tier.monthly_credits)} credits a month and{' '}
                  {catalogue.free_tier.certificate_sets === 1
                    ? 'one certificate set'
                    : `${catalogue.free_tier.certificate_sets} certificate sets`}
                  , and buys more credits when it needs them. Every new account starts with a {catalogue.trial_days}-day trial of every
                  feature of the {trialPlanName ?? catalogue.trial_plan} plan, within those credits.
                </Text>
              </Stack>
              <Button component={Link} to="/account/purchase-credits" variant="light">
                Pay as you go
              </Button>
            </Group>
          </Card>
        </>
      )}
    </Stack>
  );
}

function PlanCard({
  plan,
  features,
  current,
  trial,
  onChoose,
}: {
  plan: PlanDto;
  features: { id: string; label: string }[];
  current: boolean;
  /** The account is trying this plan's features on its free trial. */
  trial: boolean;
  onChoose: () => void;
}) {
  return (
    <Card
      withBorder
      padding="lg"
      radius="md"
      shadow={current ? 'sm' : undefined}
      style={current ? { borderColor: 'var(--mantine-color-laurel-6)', borderWidth: 2 } : undefined}
      aria-label={plan.display_name}
      component="section"
    >
      <Stack gap="md" h="100%">
        <Group justify="space-between" align="flex-start">
          <Title order={2} fz={18}>
            {plan.display_name}
          </Title>
          {current && (
            <Badge variant="filled" color="laurel">
              Current plan
            </Badge>
          )}
          {trial && (
            <Badge variant="light" color="gilt">
              On your trial
            </Badge>
          )}
        </Group>
        <Group gap={4} align="baseline">
          <Text fz={32} fw={700} lh={1}>
            {usd.format(plan.price_usd)}
          </Text>
          <Text size="sm" c="stone.6">
            a month
          </Text>
        </Group>
        <Text size="sm" fw={600}>
          {count(plan.monthly_credits)} credits every month
        </Text>
        <Text size="sm" c="stone.6" mt={-8}>
          {plan.certificate_sets === null ? 'Unlimited certificate sets' : plural(plan.certificate_sets, 'more certificate set')}
        </Text>
        <List spacing={6} size="sm" center style={{ flex: 1 }}>
          {features.map((f) => {
            const has = plan.features[f.id as keyof PlanDto['features']];
            return (
              <List.Item
                key={f.id}
                // Shade 5 is the lightest that still reads at 4.5:1 on white (WCAG 1.4.3).
                c={has ? undefined : 'stone.5'}
                icon={
                  <ThemeIcon size={18} radius="xl" variant={has ? 'light' : 'transparent'} color={has ? 'laurel' : 'gray'}>
                    {has ? <IconCheck size={12} /> : <IconMinus size={12} />}
                  </ThemeIcon>
                }
              >
                {f.label}
                {f.id === 'custom_fonts' && has ? ` (up to ${plan.max_own_fonts})` : ''}
                {f.id === 'team' && has ? ` (up to ${plan.max_active_users} active)` : ''}
                {/* The tick and the dash are pictures: a screen reader is told in words (WCAG 1.4.1). */}
                {!has && <VisuallyHidden> (not included)</VisuallyHidden>}
              </List.Item>
            );
          })}
        </List>
        {/* Four cards side by side leave a narrow button: the plan's name wraps rather than being cut off. */}
        <Button
          onClick={onChoose}
          disabled={current}
          variant={current ? 'default' : 'filled'}
          fullWidth
          h="auto"
          mih={36}
          py={6}
          styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
        >
          {current ? 'Your current plan' : `Choose ${plan.display_name}`}
        </Button>
      </Stack>
    </Card>
  );
}
