import { activePlan, availableCredits, FEATURE_LABELS, FEATURES, findPlan, PROMO_MESSAGES, planDisplayName } from '@laurel/domain';
import { Alert, Badge, Button, Card, Group, List, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconAlertTriangle,
  IconCheck,
  IconCoins,
  IconCreditCard,
  IconExternalLink,
  IconInfoCircle,
  IconMinus,
  IconSparkles,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../shared/components/PageHeader.tsx';
import { notifyError } from '../../shared/lib/notify.ts';
import { useAppConfig, useSignedInUser } from '../../shared/session/queries.ts';
import { count, setsUsed, usd } from './describe.ts';
import { countCertificateSets } from './purchase-api.ts';
import { billingKeys } from './query-keys.ts';
import { TrialBadge } from './TrialBadge.tsx';

/** The query errors the billing provider sends the user back with (docs/product/billing-and-credits.md#screens), shown 10 s then removed. */
const QUERY_ERRORS: Record<string, string> = {
  'no-customer':
    'We could not find a billing account for you, so the billing portal cannot open. Please contact our support and we will sort it out.',
  'no-session': 'The billing provider could not start a session for you. Please try again in a moment, or contact our support.',
  'to-many-users':
    'Your account has more active users than the chosen plan allows. Deactivate the users you no longer need, then change the plan again.',
  // Checkout refuses a promo code that expired, ran out or was switched off since it was typed.
  'invalid-promo': 'Unfortunately, the provided Promo Code is not valid.',
  // Its uses are spent or held by checkouts still open: nothing was charged.
  'promo-used-up': PROMO_MESSAGES.usedUp,
};

/** The spec gives the next credit date in Pacific time, whatever the viewer's own zone. */
const nextCreditDay = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'America/Los_Angeles' });
/** The day the trial ends, in the viewer's own zone: fourteen days after it started, to the minute. */
const trialDay = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' });

function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="stone.5" fw={600} tt="uppercase" style={{ letterSpacing: '0.06em' }}>
        {label}
      </Text>
      <Text fz={22} fw={650}>
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="stone.6">
          {hint}
        </Text>
      )}
    </Stack>
  );
}

/** /account/subscription: the account's plan, its credits, sets and features, and the ways to change them. */
export function SubscriptionPage() {
  const { account } = useSignedInUser();
  const config = useAppConfig();
  const stripe = config.data?.billing.provider === 'stripe';
  const [params, setParams] = useSearchParams();
  const sets = useQuery({ queryKey: billingKeys.certificateCount(), queryFn: countCertificateSets, enabled: !!account });

  const queryError = params.get('error');
  useEffect(() => {
    if (!queryError) return;
    const message = QUERY_ERRORS[queryError];
    if (message) notifyError(message);
    setParams(
      (current) => {
        current.delete('error');
        return current;
      },
      { replace: true },
    );
  }, [queryError, setParams]);

  if (!account) return null;
  const plan = activePlan(account);
  const features = account.plan.features;
  const trial = account.trial;
  const trialPlanName = (trial && findPlan(trial.plan_id)?.display_name) ?? trial?.plan_name;

  return (
    <Stack gap={0}>
      <PageHeader
        eyebrow="Account"
        title="Subscription"
        description="Your plan, the credits it brings every month, and what it lets you do."
        actions={
          <Group gap="sm">
            <Button component={Link} to="/account/billing-subscriptions" leftSection={<IconSparkles size={16} />}>
              Change plan
            </Button>
            <Button component={Link} to="/account/purchase-credits" variant="default" leftSection={<IconCoins size={16} />}>
              Buy credits
            </Button>
          </Group>
        }
      />
      <Stack gap="lg" maw={960}>
        {account.plan.discontinued && (
          <Alert variant="light" color="orange" icon={<IconAlertTriangle size={18} />} title="Your plan is no longer offered">
            The {account.stripe_plan} plan has been discontinued and counts as no plan. Choose one of the current plans to keep monthly
            credits and its features.
          </Alert>
        )}
        {config.data && !stripe && (
          <Alert variant="light" color="gilt" icon={<IconInfoCircle size={18} />}>
            Card payments are not set up on this server. Plans and credits are added by its operator: choose a plan or a credit pack to send
            them a request.
          </Alert>
        )}
        <Card withBorder padding="xl" radius="md">
          <Group justify="space-between" mb="lg" wrap="wrap">
            <Group gap="sm">
              <Title order={2} fz={22} data-testid="current-plan">
                {planDisplayName(account)}
              </Title>
              {plan && <Badge variant="light">{usd.format(plan.price_usd)} a month</Badge>}
            </Group>
            <TrialBadge account={account} size="lg" />
          </Group>
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="lg" verticalSpacing="xl">
            <Figure label="Credits per month" value={count(account.plan.monthly_credits)} />
            <Figure label="Subscription credits" value={count(account.subscription_credits)} hint="Spent first" />
            <Figure label="Pay-as-you-go credits" value={count(account.credits)} hint="Kept until used" />
            <Figure label="Available credits" value={count(availableCredits(account))} />
            <Figure
              label="Next credits"
              value={account.next_credit_date ? nextCreditDay.format(new Date(account.next_credit_date)) : 'None due'}
              hint={account.next_credit_date ? 'Pacific time' : 'Plans no longer sold receive no monthly credits'}
            />
            <Figure
              label="Certificate sets"
              value={sets.isError ? 'Not available' : sets.data === undefined ? '…' : setsUsed(sets.data, account.certificate_set_limit)}
              hint={account.certificate_set_limit === null ? 'No limit on your plan' : 'Used of allowed'}
            />
            {account.credits_owed > 0 && (
              <Figure
                label="Credits owed"
                value={count(account.credits_owed)}
                hint="Already spent, from payments refunded or disputed since"
              />
            )}
          </SimpleGrid>
        </Card>
        <Card withBorder padding="xl" radius="md">
          <Title order={2} fz={18} mb={trial ? 'xs' : 'md'}>
            {trial?.running ? 'What your trial includes' : 'What your plan includes'}
          </Title>
          {trial?.running && (
            <Text size="sm" c="stone.6" mb="md">
              Until {trialDay.format(new Date(trial.ends_at))} your account has every feature of the {trialPlanName} plan, within its free
              credits. Choose a plan to keep them; what you make and send during the trial stays yours either way.
            </Text>
          )}
          {trial && !trial.running && (
            <Text size="sm" c="stone.6" mb="md">
              Your free trial ended on {trialDay.format(new Date(trial.ends_at))}. The certificates you sent keep their pages and downloads,
              and your designs stay saved; using these features again needs a plan.
            </Text>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
            {[FEATURES.slice(0, Math.ceil(FEATURES.length / 2)), FEATURES.slice(Math.ceil(FEATURES.length / 2))].map((column) => (
              <List key={column[0]} spacing={8} size="sm" center>
                {column.map((f) => {
                  const has = !!features[f];
                  return (
                    <List.Item
                      key={f}
                      c={has ? undefined : 'stone.5'}
                      icon={
                        <ThemeIcon size={20} radius="xl" variant={has ? 'light' : 'transparent'} color={has ? 'laurel' : 'gray'}>
                          {has ? <IconCheck size={13} /> : <IconMinus size={13} />}
                        </ThemeIcon>
                      }
                    >
                      {FEATURE_LABELS[f]}
                      {!has && (
                        <Text span size="xs" c="stone.5">
                          {' — not included'}
                        </Text>
                      )}
                    </List.Item>
                  );
                })}
              </List>
            ))}
          </SimpleGrid>
        </Card>
        {stripe && (
          <Card withBorder padding="xl" radius="md">
            <Title order={2} fz={18} mb="md">
              Billing
            </Title>
            <Group gap="sm">
              <Button component={Link} to="/account/billing-information" variant="default" leftSection={<IconCreditCard size={16} />}>
                Update billing information
              </Button>
              <Button component="a" href="/api/accounts/billing-portal" variant="default" leftSection={<IconExternalLink size={16} />}>
                Billing portal
              </Button>
            </Group>
          </Card>
        )}
      </Stack>
    </Stack>
  );
}
