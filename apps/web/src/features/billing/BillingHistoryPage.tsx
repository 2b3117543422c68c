import type { InvoiceSummary } from '@laurel/domain';
import { Anchor, Badge, Group, Paper, Skeleton, Table, Text } from '@mantine/core';
import { IconFileTypePdf, IconReceipt } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { EmptyPanel } from '../../shared/components/EmptyPanel.tsx';
import { LoadFailed } from '../../shared/components/LoadFailed.tsx';
import { PageHeader } from '../../shared/components/PageHeader.tsx';
import { formatDate } from '../../shared/lib/format.ts';
import { listInvoices } from './api.ts';
import { billingKeys } from './query-keys.ts';

const STATUS_COLOR: Record<string, string> = { paid: 'laurel', open: 'red', void: 'gray', uncollectible: 'red' };

function amount(invoice: InvoiceSummary): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: invoice.currency.toUpperCase() }).format(invoice.amount / 100);
}

/** /account/billing-history: the account's invoices from Stripe (docs/product/billing-and-credits.md#screens). */
export function BillingHistoryPage() {
  const invoices = useQuery({ queryKey: billingKeys.invoices(), queryFn: listInvoices });
  return (
    <>
      <PageHeader
        eyebrow="Account"
        title="Billing history"
        description="Every invoice for your subscription and credit purchases, ready to download."
      />
      {invoices.isError && <LoadFailed title="Invoices could not be loaded" error={invoices.error} onRetry={() => invoices.refetch()} />}
      {invoices.isPending && <Skeleton h={160} radius="md" />}
      {invoices.data && invoices.data.invoices.length === 0 && (
        <EmptyPanel
          icon={<IconReceipt size={28} />}
          title="No invoices yet"
          description="Invoices appear here after your first payment."
          action={{ label: 'Compare plans', to: '/account/billing-subscriptions' }}
        />
      )}
      {invoices.data && invoices.data.invoices.length > 0 && (
        <Paper withBorder radius="md">
          <Table verticalSpacing="sm" horizontalSpacing="md" aria-label="Invoices">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Date</Table.Th>
                <Table.Th>Number</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Invoice</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {invoices.data.invoices.map((invoice) => (
                <Table.Tr key={invoice.id}>
                  <Table.Td>{formatDate(invoice.created)}</Table.Td>
                  <Table.Td ff="monospace">{invoice.number ?? '—'}</Table.Td>
                  <Table.Td ta="right">{amount(invoice)}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={STATUS_COLOR[invoice.status ?? ''] ?? 'gray'}>
                      {invoice.status ?? 'unknown'}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    {invoice.invoice_pdf ? (
                      <Anchor href={invoice.invoice_pdf} target="_blank" rel="noopener noreferrer">
                        <Group gap={4} component="span">
                          <IconFileTypePdf size={16} />
                          PDF
                        </Group>
                      </Anchor>
                    ) : (
                      <Text size="sm" c="dimmed">
                        —
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
    </>
  );
}
