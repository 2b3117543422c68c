import type { WebhookDelivery } from '@laurel/domain';
import { Badge, Button, Center, Loader, Table, Text, Tooltip } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api/errors.ts';
import { queryClient } from '../../../shared/api/query-client.ts';
import { LoadFailed } from '../../../shared/components/LoadFailed.tsx';
import { TablePager } from '../../../shared/components/TablePager.tsx';
import { formatDateTime } from '../../../shared/lib/format.ts';
import { notifyError, notifySuccess } from '../../../shared/lib/notify.ts';
import { integrationsKeys } from '../query-keys.ts';
import { listDeliveries, resendDelivery } from './api.ts';

const PAGE_SIZE = 10;
const STATE_COLORS = { pending: 'yellow', delivered: 'green', failed: 'red' } as const;

/** What the last attempt got: the receiver's status, or why none came. */
function lastOutcome(delivery: WebhookDelivery): string {
  const last = delivery.attempt_log[0];
  if (!last) return 'Not tried yet';
  if (last.status_code !== null) return `HTTP ${last.status_code}${last.response_excerpt ? `: ${last.response_excerpt.slice(0, 80)}` : ''}`;
  return last.error ?? 'No answer';
}

/** One endpoint's deliveries, newest first: event, state, attempts, when, and "Send again". */
export function DeliveryLog({ endpointId }: { endpointId: number }) {
  const [page, setPage] = useState(1);
  const key = integrationsKeys.webhooks(endpointId, 'deliveries', page);
  const query = useQuery({
    queryKey: key,
    queryFn: () => listDeliveries(endpointId, PAGE_SIZE, (page - 1) * PAGE_SIZE),
    placeholderData: keepPreviousData,
    // A delivery moves on by itself (a retry, a receiver answering): the log keeps up while it is open,
    // closely while an attempt is due.
    refetchInterval: (q) => (q.state.data?.deliveries.some((d) => d.state === 'pending') ? 1000 : 5000),
  });
  const [sending, setSending] = useState<number | null>(null);

  const sendAgain = async (delivery: WebhookDelivery) => {
    setSending(delivery.id);
    try {
      notifySuccess((await resendDelivery(delivery.id)).message);
      await queryClient.invalidateQueries({ queryKey: integrationsKeys.webhooks(endpointId, 'deliveries') });
    } catch (error) {
      notifyError(errorMessage(error));
    } finally {
      setSending(null);
    }
  };

  if (query.isError)
    return <LoadFailed title="The delivery log could not be loaded" error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data)
    return (
      <Center p="md">
        <Loader size="sm" />
      </Center>
    );
  const { deliveries, total } = query.data;
  if (!deliveries.length)
    return (
      <Text size="sm" c="dimmed" p="md">
        No events sent to this endpoint yet. They appear here as certificates are sent, opened, downloaded or revoked.
      </Text>
    );
  return (
    <>
      <Table.ScrollContainer minWidth={560}>
        <Table aria-label="Delivery log" verticalSpacing="xs" fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Event</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Attempts</Table.Th>
              <Table.Th>Time</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {deliveries.map((d) => (
              <Table.Tr key={d.id}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {d.event_type}
                  </Text>
                  <Text size="xs" c="dimmed" ff="monospace">
                    {d.event_id}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Badge color={STATE_COLORS[d.state]} variant="light" styles={{ label: { overflow: 'visible' } }}>
                    {d.state}
                  </Badge>
                  <Tooltip label={d.next_attempt_at ? `Next attempt ${formatDateTime(d.next_attempt_at)}` : 'No attempt planned'}>
                    <Text size="xs" c="dimmed" lineClamp={1} maw={220} mt={2}>
                      {lastOutcome(d)}
                    </Text>
                  </Tooltip>
                </Table.Td>
                <Table.Td>{d.attempts}</Table.Td>
                <Table.Td>{formatDateTime(d.last_attempt_at ?? d.created_at)}</Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant="subtle"
                    leftSection={<IconRefresh size={14} />}
                    loading={sending === d.id}
                    onClick={() => void sendAgain(d)}
                    aria-label={`Send ${d.event_type} ${d.event_id} again`}
                  >
                    Send again
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {total > PAGE_SIZE && <TablePager label="deliveries" page={page} size={PAGE_SIZE} total={total} onPage={setPage} />}
    </>
  );
}
