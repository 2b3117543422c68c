import { availableCredits } from '@laurel/domain';
import { Alert, Button, Card, Divider, Group, NumberInput, Radio, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { PageHeader } from '../../shared/components/PageHeader.tsx';
import { useAppConfig, useSignedInUser } from '../../shared/session/queries.ts';
import { count, usd } from './describe.ts';
import { usePurchase } from './usePurchase.ts';

const MAX_QUANTITY = 100;

/** /account/purchase-credits: the pay-as-you-go packs at their prices, times a quantity (docs/product/billing-and-credits.md#rules-and-limits). */
export function PurchaseCreditsPage() {
  const { account } = useSignedInUser();
  const config = useAppConfig();
  const { purchase, stripe } = usePurchase();
  const packs = config.data?.catalogue.payg_packs;
  const [credits, setCredits] = useState<string | null>(null);
  const [quantity, setQuantity] = useState(1);
  const chosen = packs?.find((p) => String(p.credits) === credits) ?? packs?.[0];

  return (
    <Stack gap={0}>
      <PageHeader
        eyebrow="Account"
        title="Purchase credits"
        description="Buy credit packs without a subscription. One credit sends one certificate."
      />
      {config.data && !stripe && (
        <Alert variant="light" color="gilt" icon={<IconInfoCircle size={18} />} mb="lg" maw={900}>
          Card payments are not set up on this server. Buying sends a request to the operator, who adds the credits to your account.
        </Alert>
      )}
      {!packs || !chosen ? (
        <Skeleton h={320} radius="md" maw={900} />
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl" maw={900}>
          <Card withBorder padding="xl" radius="md">
            <Stack gap="md">
              <Title order={2} fz={18}>
                Choose a pack
              </Title>
              <Radio.Group value={String(chosen.credits)} onChange={setCredits} aria-label="Credit pack">
                <Stack gap="xs">
                  {packs.map((pack) => (
                    <Radio.Card key={pack.credits} value={String(pack.credits)} p="md" radius="md">
                      <Group justify="space-between" wrap="nowrap">
                        <Group gap="sm" wrap="nowrap">
                          <Radio.Indicator />
                          <Text fw={600}>{count(pack.credits)} credits</Text>
                        </Group>
                        <Text>{usd.format(pack.price_cents / 100)}</Text>
                      </Group>
                    </Radio.Card>
                  ))}
                </Stack>
              </Radio.Group>
              <NumberInput
                label="Quantity"
                min={1}
                max={MAX_QUANTITY}
                value={quantity}
                allowDecimal={false}
                onChange={(v) => setQuantity(Math.min(MAX_QUANTITY, Math.max(1, Number(v) || 1)))}
              />
            </Stack>
          </Card>
          <Card withBorder padding="xl" radius="md" bg="gray.0">
            <Stack gap="sm">
              <Title order={2} fz={18}>
                Summary
              </Title>
              <Group justify="space-between">
                <Text size="sm">Credits available now</Text>
                <Text size="sm">{account ? count(availableCredits(account)) : '—'}</Text>
              </Group>
              <Group justify="space-between">
                <Text size="sm">
                  {quantity} × {count(chosen.credits)} credits
                </Text>
                <Text size="sm">{count(quantity * chosen.credits)} credits</Text>
              </Group>
              <Divider />
              <Group justify="space-between">
                <Text fw={700}>Total</Text>
                <Text fw={700} fz="xl" data-testid="credits-total">
                  {usd.format((chosen.price_cents * quantity) / 100)}
                </Text>
              </Group>
              <Button size="md" mt="sm" onClick={() => purchase({ purchase_type: 'payg', payg_credits: chosen.credits, quantity })}>
                {stripe ? 'Continue to payment' : 'Request these credits'}
              </Button>
            </Stack>
          </Card>
        </SimpleGrid>
      )}
    </Stack>
  );
}
