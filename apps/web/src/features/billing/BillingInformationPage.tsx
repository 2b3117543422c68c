import { BILLING_MESSAGES, type BillingReply, findPlan } from '@laurel/domain';
import { Alert, Badge, Button, Card, Group, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { IconCreditCard, IconInfoCircle, IconRosetteDiscount } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../shared/api/errors.ts';
import { LoadFailed } from '../../shared/components/LoadFailed.tsx';
import { PageHeader } from '../../shared/components/PageHeader.tsx';
import { formatDate } from '../../shared/lib/format.ts';
import { notifyError, notifySuccess } from '../../shared/lib/notify.ts';
import { useAppConfig, useSignedInUser } from '../../shared/session/queries.ts';
import { addCard, cancelSubscription, checkCoupon, getBilling, removeCard, updateBillingDetails } from './api.ts';
import { BillingDetailsFields, type DetailsValues, detailsBody, detailsFrom, detailsValidation } from './BillingDetailsForm.tsx';
import { CardForm } from './CardForm.tsx';
import { describePurchase } from './describe.ts';
import { NoPaymentsPanel } from './NoPaymentsPanel.tsx';
import { billingKeys } from './query-keys.ts';
import { resumedPurchase } from './resume.ts';

const BILLING_KEY = billingKeys.information();

/** /account/billing-information: the card on file, its billing address, coupons and the subscription (docs/product/billing-and-credits.md#screens). */
export function BillingInformationPage() {
  const { account } = useSignedInUser();
  const config = useAppConfig();
  const billing = useQuery({ queryKey: BILLING_KEY, queryFn: () => getBilling(account!.id), enabled: !!account });
  const manual = config.data?.billing.provider === 'manual';

  return (
    <Stack gap={0}>
      <PageHeader
        eyebrow="Account"
        title="Billing information"
        description="The card and billing address used for your subscription and credit purchases."
      />
      {manual && <NoPaymentsPanel what="Keeping a card on file" />}
      {!manual && billing.isError && (
        <LoadFailed title="Billing information could not be loaded" error={billing.error} onRetry={() => billing.refetch()} />
      )}
      {!manual && (billing.isPending || !config.data) && !billing.isError && <Skeleton h={320} radius="md" maw={760} />}
      {!manual && billing.data && config.data && account && (
        <BillingScreen accountId={account.id} billing={billing.data} publishableKey={config.data.pub_key} />
      )}
    </Stack>
  );
}

function BillingScreen({
  accountId,
  billing,
  publishableKey,
}: {
  accountId: number;
  billing: BillingReply;
  publishableKey: string | null;
}) {
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const resume = resumedPurchase(params.get('resume'));
  const [replacing, setReplacing] = useState(false);
  const [saving, setSaving] = useState(false);
  const card = billing.card;
  const form = useForm<DetailsValues>({ initialValues: detailsFrom(card), validate: detailsValidation });

  // The server hands a failed payment's reason over once and clears it (readBilling): show it once, and
  // forget it in the cache too so a later visit does not show it again.
  useEffect(() => {
    if (!billing.billing_error) return;
    notifyError(billing.billing_error, 'Credit Card Error');
    queryClient.setQueryData(BILLING_KEY, (data: BillingReply | undefined) => data && { ...data, billing_error: null });
  }, [billing.billing_error, queryClient]);

  const refreshed = (reply: BillingReply) => {
    queryClient.setQueryData(BILLING_KEY, reply);
    form.setValues(detailsFrom(reply.card));
    form.resetDirty(detailsFrom(reply.card));
  };

  const cardAdded = async (token: string) => {
    const reply = await addCard(accountId, { token, ...detailsBody(form.values, false) });
    setReplacing(false);
    refreshed(reply);
    notifySuccess(BILLING_MESSAGES.saved);
    // docs/product/billing-and-credits.md#flows: the purchase that brought the buyer here goes on now that a card is on file.
    if (resume) window.location.assign(resume.url);
  };

  const saveDetails = form.onSubmit(async (values) => {
    setSaving(true);
    try {
      refreshed(await updateBillingDetails(accountId, detailsBody(values, true)));
      notifySuccess(BILLING_MESSAGES.updated);
    } catch (error) {
      notifyError(errorMessage(error), 'Update Billing Details Error');
    } finally {
      setSaving(false);
    }
  });

  const confirmRemove = () =>
    modals.openConfirmModal({
      title: 'Remove this card?',
      children: (
        <Text size="sm">
          The card ending in {card?.last4} will no longer be charged. Subscriptions and automatic purchases need a card on file to renew.
        </Text>
      ),
      labels: { confirm: 'Remove card', cancel: 'Keep card' },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          await removeCard(accountId);
          notifySuccess(BILLING_MESSAGES.removed);
        } catch (error) {
          notifyError(errorMessage(error));
        }
        await queryClient.invalidateQueries({ queryKey: BILLING_KEY });
      },
    });

  const confirmCancel = () =>
    modals.openConfirmModal({
      title: 'Cancel your subscription?',
      children: (
        <Text size="sm">
          The subscription ends now and the account goes back to the Free plan. Credits you bought stay yours; the subscription's monthly
          credits stop.
        </Text>
      ),
      labels: { confirm: 'Cancel subscription', cancel: 'Keep subscription' },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        // docs/product/billing-and-credits.md#messages: a failed cancel is not reported; the screen reads the state again either way.
        await cancelSubscription(accountId).then(
          () => notifySuccess(BILLING_MESSAGES.subscriptionCancelled),
          () => undefined,
        );
        await queryClient.invalidateQueries();
      },
    });

  const showCardForm = !card || replacing;

  return (
    <Stack gap="lg" maw={760}>
      {resume && (
        <Alert variant="light" color="laurel" icon={<IconInfoCircle size={18} />} title="Add a card to continue">
          {BILLING_MESSAGES.noBillingMethod}. Once your card is saved, your purchase continues: {describePurchase(resume.request)}
        </Alert>
      )}

      <Card withBorder padding="xl" radius="md" component="section" aria-label="Card on file">
        <Stack gap="md">
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Title order={2} fz={18}>
              Card on file
            </Title>
            {card && !replacing && (
              <Group gap="xs">
                <Button variant="default" onClick={() => setReplacing(true)}>
                  Replace card
                </Button>
                <Button variant="subtle" color="red" onClick={confirmRemove}>
                  Remove card
                </Button>
              </Group>
            )}
          </Group>
          {card ? (
            <Group gap="md" wrap="nowrap" data-testid="card-on-file">
              <IconCreditCard size={32} stroke={1.5} />
              <Stack gap={2}>
                <Text fw={600} tt="capitalize">
                  {card.brand} •••• {card.last4}
                </Text>
                <Text size="sm" c="stone.6">
                  Expires {String(card.exp_month).padStart(2, '0')}/{card.exp_year}
                  {card.name ? ` · ${card.name}` : ''}
                </Text>
              </Stack>
            </Group>
          ) : (
            <Text size="sm" c="stone.6">
              {BILLING_MESSAGES.noBillingMethod}. Add a card to subscribe, buy credits or turn on automatic purchases.
            </Text>
          )}
          {showCardForm &&
            (publishableKey ? (
              <CardForm
                publishableKey={publishableKey}
                name={form.values.name}
                submitLabel={card ? 'Save new card' : 'Save card'}
                beforeSubmit={() => !form.validate().hasErrors}
                onToken={cardAdded}
                onCancel={card ? () => setReplacing(false) : undefined}
              />
            ) : (
              <Alert color="red" variant="light">
                Stripe Error: {BILLING_MESSAGES.stripeUnreachable}
              </Alert>
            ))}
        </Stack>
      </Card>

      <Card withBorder padding="xl" radius="md" component="section" aria-label="Billing details">
        <form onSubmit={saveDetails} noValidate aria-label="Billing details form">
          <Stack gap="md">
            <Title order={2} fz={18}>
              Billing details
            </Title>
            <BillingDetailsFields form={form} withExpiry={!!card && !replacing} />
            <Group justify="flex-end">
              {card && !replacing ? (
                <Button type="submit" loading={saving} disabled={!form.isDirty()}>
                  Save billing details
                </Button>
              ) : (
                <Text size="sm" c="stone.6">
                  These details are saved with the card.
                </Text>
              )}
            </Group>
          </Stack>
        </form>
      </Card>

      <CouponLookup accountId={accountId} />

      {billing.subscription && billing.subscription.status !== 'canceled' && (
        <Card withBorder padding="xl" radius="md" component="section" aria-label="Subscription">
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Stack gap={2}>
              <Title order={2} fz={18}>
                Subscription
              </Title>
              <Group gap="xs">
                <Text size="sm">{findPlan(billing.subscription.plan)?.display_name ?? 'Subscription'}</Text>
                <Badge variant="light">{billing.subscription.status}</Badge>
              </Group>
              {billing.subscription.current_period_end && (
                <Text size="sm" c="stone.6">
                  Current period ends {formatDate(billing.subscription.current_period_end)}
                </Text>
              )}
            </Stack>
            <Button variant="default" color="red" onClick={confirmCancel}>
              Cancel subscription
            </Button>
          </Group>
        </Card>
      )}
    </Stack>
  );
}

function CouponLookup({ accountId }: { accountId: number }) {
  const [code, setCode] = useState('');
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const look = async () => {
    if (!code.trim()) return;
    setBusy(true);
    try {
      const reply = await checkCoupon(accountId, code.trim());
      setResult(
        reply.valid
          ? { ok: true, text: BILLING_MESSAGES.couponApplied(reply.percent_off ?? 0, reply.duration ?? '') }
          : { ok: false, text: BILLING_MESSAGES.invalidCoupon },
      );
    } catch (error) {
      setResult({ ok: false, text: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card withBorder padding="xl" radius="md" component="section" aria-label="Coupon">
      <Stack gap="sm">
        <Title order={2} fz={18}>
          Coupon
        </Title>
        <Group align="flex-end" gap="sm" wrap="nowrap">
          <TextInput
            label="Coupon code"
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
            onKeyDown={(e) => e.key === 'Enter' && look()}
            leftSection={<IconRosetteDiscount size={16} />}
            style={{ flex: 1 }}
            maxLength={100}
          />
          <Button variant="default" onClick={look} loading={busy} disabled={!code.trim()}>
            Check coupon
          </Button>
        </Group>
        {result && (
          <Text size="sm" c={result.ok ? 'laurel.7' : 'red.7'} role="status">
            {result.text}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
