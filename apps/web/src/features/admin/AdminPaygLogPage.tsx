import type { PaygPurchase } from '@laurel/domain';
import { Badge, Card, Center, Group, Loader, SimpleGrid, Table, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconReceipt } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { EmptyPanel } from '../../shared/components/EmptyPanel.tsx';
import { LoadFailed } from '../../shared/components/LoadFailed.tsx';
import { PageHeader } from '../../shared/components/PageHeader.tsx';
import { formatDateTime } from '../../shared/lib/format.ts';
import { getPaygLog } from './api.ts';
import { adminKeys } from './query-keys.ts';

const DAY_MS = 86_400_000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

const money = (amount: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(amount / 100);

const HOW: Record<PaygPurchase['kind'], string> = { purchase: 'Checkout', automatic_purchase: 'Automatic' };

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Card padding="md" shadow="xs">
      <Text size="xs" c="stone.6" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="xl" fw={700} aria-label={label}>
        {value}
      </Text>
    </Card>
  );
}

/** /payg-log: pay-as-you-go credit purchases over a date range, with the range's totals. */
export function AdminPaygLogPage() {
  const [range, setRange] = useState<[string | null, string | null]>(() => {
    const today = new Date();
    return [isoDay(new Date(today.getTime() - 29 * DAY_MS)), isoDay(today)];
  });
  const [start, end] = range;
  const complete = Boolean(start && end);
  const query = useQuery({
    queryKey: adminKeys.paygLog(start, end),
    queryFn: () => getPaygLog(start!, end!),
    enabled: complete,
    placeholderData: keepPreviousData,
  });
  const data = query.data;

  return (
    <>
      <PageHeader
        eyebrow="Admin"
        title="Purchase credits log"
        description="Pay-as-you-go credit purchases: which account bought how many credits, what it paid, when and how."
      />
      <DatePickerInput
        type="range"
        label="Purchased between"
        valueFormat="M/D/YYYY"
        maw={320}
        mb="md"
        allowSingleDateInRange
        maxDate={new Date()}
        value={range}
        onChange={([from, to]) => setRange([from ? String(from).slice(0, 10) : null, to ? String(to).slice(0, 10) : null])}
      />
      {query.isError && (
        <LoadFailed title="The purchase log could not be loaded" error={query.error} onRetry={() => void query.refetch()} />
      )}
      {complete && query.isPending && (
        <Center py={80}>
          <Loader />
        </Center>
      )}
      {data && (
        <SimpleGrid cols={{ base: 1, xs: 3 }} mb="md">
          <Figure label="Purchases" value={data.total.purchases.toLocaleString('en-US')} />
          <Figure label="Credits bought" value={data.total.credits.toLocaleString('en-US')} />
          <Figure
            label="Amount paid"
            value={data.total.amounts.length ? data.total.amounts.map((a) => money(a.amount, a.currency)).join(' + ') : money(0, 'usd')}
          />
        </SimpleGrid>
      )}
      {data && data.items.length === 0 && (
        <EmptyPanel
          icon={<IconReceipt size={26} stroke={1.6} />}
          title="No purchases in this range"
          description="Choose another range: each completed credit purchase is listed with its account and amount."
        />
      )}
      {data && data.items.length > 0 && (
        <Card padding={0} shadow="xs" style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="sm" horizontalSpacing="lg" aria-label="Credit purchases">
              <Table.Thead bg="stone.0">
                <Table.Tr>
                  <Table.Th w={190}>When</Table.Th>
                  <Table.Th>Account</Table.Th>
                  <Table.Th w={110}>Credits</Table.Th>
                  <Table.Th w={130}>Paid</Table.Th>
                  <Table.Th w={150}>How</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.items.map((item) => (
                  <Table.Tr key={item.id}>
                    <Table.Td>
                      <Text size="sm" c="stone.6" style={{ whiteSpace: 'nowrap' }}>
                        {formatDateTime(item.created_at)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{item.account_name}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{item.credits.toLocaleString('en-US')}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{item.amount_paid === null ? '—' : money(item.amount_paid, item.currency ?? 'usd')}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={item.kind === 'purchase' ? 'laurel' : 'blue'}>
                        {HOW[item.kind]}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {data.items.length < data.total.purchases && (
            <Group px="lg" py="sm" style={{ borderTop: '1px solid var(--laurel-border)' }}>
              <Text size="sm" c="stone.6">
                {`The ${data.items.length.toLocaleString('en-US')} latest of ${data.total.purchases.toLocaleString('en-US')} purchases; narrow the range to see the others.`}
              </Text>
            </Group>
          )}
        </Card>
      )}
    </>
  );
}
