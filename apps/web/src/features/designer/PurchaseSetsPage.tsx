import { CERTIFICATE_SET_PRICE_USD } from '@laurel/domain';
import { Button, Divider, Group, NumberInput, Paper, SimpleGrid, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft, IconDiscount, IconStack2 } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../shared/api/errors.ts';
import { PageHeader } from '../../shared/components/PageHeader.tsx';
import { useSignedInUser } from '../../shared/session/queries.ts';
import { usePurchase } from '../billing/index.ts';
import { checkPromoCode } from './api.ts';

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const MAX_SETS = 100;

/** /build/purchase: more certificate sets at 29 each, with an optional percentage promo code (docs/product/builder.md#buying-more-sets). */
export function PurchaseSetsPage() {
  const user = useSignedInUser();
  const [count, setCount] = useState(1);
  const [code, setCode] = useState('');
  const [discount, setDiscount] = useState<{ code: string; percent: number } | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  const subtotal = count * CERTIFICATE_SET_PRICE_USD;
  const saving = discount ? Math.round(subtotal * discount.percent) / 100 : 0;
  const total = subtotal - saving;

  const apply = async () => {
    setChecking(true);
    setCodeError(null);
    try {
      const result = await checkPromoCode(code.trim());
      if (result.success && result.amount) setDiscount({ code: code.trim(), percent: result.amount });
      else {
        setDiscount(null);
        setCodeError(result.message ?? 'This promo code is not valid.');
      }
    } catch (error) {
      setCodeError(errorMessage(error));
    } finally {
      setChecking(false);
    }
  };

  const { purchase, stripe } = usePurchase();
  const checkout = () =>
    purchase({ purchase_type: 'certificate_set', certsets: count, ...(discount ? { promo_code: discount.code } : {}) });

  return (
    <Stack gap={0}>
      <PageHeader
        eyebrow="Build"
        title="More certificate sets"
        description={
          user.account?.certificate_set_limit === null
            ? `Your plan sets no limit on certificate sets. Sets bought now stay with the account if the plan ends: each is a one-time ${money.format(CERTIFICATE_SET_PRICE_USD)}.`
            : `Your account holds ${user.account?.allowed_sets ?? 0} certificate sets. Each additional set is a one-time ${money.format(CERTIFICATE_SET_PRICE_USD)}.`
        }
        actions={
          <Button component={Link} to="/build" variant="subtle" leftSection={<IconArrowLeft size={16} />}>
            Your designs
          </Button>
        }
      />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl" maw={900}>
        <Paper withBorder p="xl" radius="md">
          <Stack gap="md">
            <Group gap="sm">
              <ThemeIcon variant="light" size={40} radius="md">
                <IconStack2 size={22} />
              </ThemeIcon>
              <Title order={2} fz={18}>
                How many sets?
              </Title>
            </Group>
            <NumberInput
              label="Number of certificate sets"
              min={1}
              max={MAX_SETS}
              value={count}
              onChange={(v) => setCount(Math.min(MAX_SETS, Math.max(1, Number(v) || 1)))}
              allowDecimal={false}
            />
            <Group align="flex-end" gap="xs" wrap="nowrap">
              <TextInput
                label="Promo code"
                leftSection={<IconDiscount size={15} />}
                value={code}
                onChange={(e) => setCode(e.currentTarget.value)}
                error={codeError}
                style={{ flex: 1 }}
              />
              <Button variant="default" onClick={apply} loading={checking} disabled={!code.trim()} mb={codeError ? 22 : 0}>
                Apply
              </Button>
            </Group>
          </Stack>
        </Paper>
        <Paper withBorder p="xl" radius="md" bg="gray.0">
          <Stack gap="sm">
            <Title order={2} fz={18}>
              Summary
            </Title>
            <Group justify="space-between">
              <Text size="sm">
                {count} × {money.format(CERTIFICATE_SET_PRICE_USD)}
              </Text>
              <Text size="sm" data-testid="purchase-cost">
                {money.format(subtotal)}
              </Text>
            </Group>
            <Group justify="space-between">
              <Text size="sm">Discount{discount ? ` (${discount.percent}%)` : ''}</Text>
              <Text size="sm" c={saving ? 'teal.7' : 'dimmed'} data-testid="purchase-discount">
                −{money.format(saving)}
              </Text>
            </Group>
            <Divider />
            <Group justify="space-between">
              <Text fw={700}>Total</Text>
              <Text fw={700} fz="xl" data-testid="purchase-total">
                {money.format(total)}
              </Text>
            </Group>
            <Button size="md" mt="sm" onClick={checkout}>
              {stripe ? 'Continue to payment' : 'Request these sets'}
            </Button>
          </Stack>
        </Paper>
      </SimpleGrid>
    </Stack>
  );
}
