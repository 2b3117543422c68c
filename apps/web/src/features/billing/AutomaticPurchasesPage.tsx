import { type AutomaticPurchase, BILLING_MESSAGES, type BillingReply } from '@laurel/domain';
import { Alert, Anchor, Button, Card, Group, NumberInput, Radio, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { IconCreditCardOff } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../shared/api/errors.ts';
import { LoadFailed } from '../../shared/components/LoadFailed.tsx';
import { PageHeader } from '../../shared/components/PageHeader.tsx';
import { notifyError, notifySuccess } from '../../shared/lib/notify.ts';
import { useAppConfig, useSignedInUser } from '../../shared/session/queries.ts';
import { getAutomaticPurchase, getBilling, saveAutomaticPurchase } from './api.ts';
import { count, usd } from './describe.ts';
import { NoPaymentsPanel } from './NoPaymentsPanel.tsx';
import { billingKeys } from './query-keys.ts';

const AUTOMATIC_KEY = billingKeys.automatic();
/** The threshold offered before one is saved: a pack is bought once fewer than this many credits remain. */
const DEFAULT_THRESHOLD = 50;

/** /account/automatic-purchases: the pack bought when the balance falls under a threshold (docs/product/billing-and-credits.md#screens, docs/product/billing-and-credits.md#rules-and-limits). */
export function AutomaticPurchasesPage() {
  const { account } = useSignedInUser();
  const config = useAppConfig();
  const manual = config.data?.billing.provider === 'manual';
  const setting = useQuery({ queryKey: AUTOMATIC_KEY, queryFn: () => getAutomaticPurchase(account!.id), enabled: !!account });
  return (
    <Stack gap={0}>
      <PageHeader
        eyebrow="Account"
        title="Automatic purchases"
        description="Never run out in the middle of a send: buy a credit pack automatically when your balance runs low."
      />
      {manual && <NoPaymentsPanel what="Buying credits automatically" />}
      {!manual && setting.isError && (
        <LoadFailed title="Automatic purchases could not be loaded" error={setting.error} onRetry={() => setting.refetch()} />
      )}
      {!manual && !setting.isError && (setting.isPending || !config.data) && <Skeleton h={360} radius="md" maw={720} />}
      {!manual && setting.data && config.data && account && (
        <AutomaticForm accountId={account.id} setting={setting.data} packs={config.data.catalogue.credit_packs} />
      )}
    </Stack>
  );
}

function AutomaticForm({
  accountId,
  setting,
  packs,
}: {
  accountId: number;
  setting: AutomaticPurchase;
  packs: { credits: number; price_usd: number }[];
}) {
  const queryClient = useQueryClient();
  // Whether a card is on file. This read also hands over (and clears) a failed payment's reason, so it is shown here too.
  const billing = useQuery({ queryKey: billingKeys.information(), queryFn: () => getBilling(accountId) });
  const billingError = billing.data?.billing_error;
  useEffect(() => {
    if (!billingError) return;
    notifyError(billingError, 'Credit Card Error');
    queryClient.setQueryData(billingKeys.information(), (data: BillingReply | undefined) => data && { ...data, billing_error: null });
  }, [billingError, queryClient]);
  const initial = () => ({
    enabled: setting.enabled,
    credits: String(setting.credits ?? packs[0]?.credits ?? ''),
    threshold: setting.threshold ?? DEFAULT_THRESHOLD,
  });
  const [values, setValues] = useState(initial);
  const [saving, setSaving] = useState(false);
  const dirty = JSON.stringify(values) !== JSON.stringify(initial());
  const noCard = billing.data && !billing.data.card;

  const save = async () => {
    setSaving(true);
    try {
      const reply = await saveAutomaticPurchase(accountId, {
        enabled: values.enabled,
        credits: Number(values.credits),
        threshold: values.threshold,
      });
      queryClient.setQueryData(AUTOMATIC_KEY, reply);
      setValues({
        enabled: reply.enabled,
        credits: String(reply.credits ?? values.credits),
        threshold: reply.threshold ?? values.threshold,
      });
      notifySuccess(reply.enabled ? BILLING_MESSAGES.automaticSaved : BILLING_MESSAGES.automaticOff);
    } catch (error) {
      notifyError(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="lg" maw={720}>
      {noCard && (
        <Alert variant="light" color="gilt" icon={<IconCreditCardOff size={18} />} title="No card on file">
          Automatic purchases are charged to the card on file.{' '}
          <Anchor component={Link} to="/account/billing-information">
            Add billing information
          </Anchor>{' '}
          before turning them on.
        </Alert>
      )}
      <Card withBorder padding="xl" radius="md">
        <Stack gap="lg">
          <Group justify="space-between" wrap="wrap">
            <Stack gap={2}>
              <Text size="xs" c="stone.5" fw={600} tt="uppercase" style={{ letterSpacing: '0.06em' }}>
                Available credits
              </Text>
              <Text fz={26} fw={650} data-testid="available-credits">
                {count(setting.available_credits)}
              </Text>
            </Stack>
            <Switch
              size="md"
              label="Buy credits automatically"
              checked={values.enabled}
              onChange={(e) => setValues({ ...values, enabled: e.currentTarget.checked })}
            />
          </Group>
          <Radio.Group
            label="Pack to buy"
            value={values.credits}
            onChange={(credits) => setValues({ ...values, credits })}
            aria-label="Credit pack"
          >
            <Stack gap="xs" mt="xs">
              {packs.map((pack) => (
                <Radio.Card key={pack.credits} value={String(pack.credits)} p="md" radius="md" disabled={!values.enabled}>
                  <Group justify="space-between" wrap="nowrap">
                    <Group gap="sm" wrap="nowrap">
                      <Radio.Indicator disabled={!values.enabled} />
                      <Text fw={600}>{count(pack.credits)} credits</Text>
                    </Group>
                    <Text>{usd.format(pack.price_usd)}</Text>
                  </Group>
                </Radio.Card>
              ))}
            </Stack>
          </Radio.Group>
          <NumberInput
            label="When available credits fall below"
            description="One pack is bought each time the balance drops under this number."
            min={1}
            max={100_000}
            allowDecimal={false}
            disabled={!values.enabled}
            value={values.threshold}
            onChange={(v) => setValues({ ...values, threshold: Math.max(1, Number(v) || 1) })}
            maw={320}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" disabled={!dirty || saving} onClick={() => setValues(initial())}>
              Cancel
            </Button>
            <Button onClick={save} loading={saving} disabled={!dirty}>
              Save
            </Button>
          </Group>
        </Stack>
      </Card>
      {setting.recent.length > 0 && (
        <Card withBorder padding="xl" radius="md">
          <Title order={2} fz={18} mb="sm">
            Recent automatic purchases
          </Title>
          <Stack gap="xs">
            {setting.recent.map((r) => (
              <Group key={r.created_at} justify="space-between">
                <Text size="sm">
                  {new Date(r.created_at).toLocaleString()} · {count(r.credits)} credits · {usd.format(r.amount_cents / 100)}
                </Text>
                <Text size="sm" c={r.error ? 'red.7' : 'stone.6'}>
                  {r.error ?? r.status}
                </Text>
              </Group>
            ))}
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
