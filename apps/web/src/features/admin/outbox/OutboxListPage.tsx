import { DEFAULT_PAGE_SIZE, TABLE_PAGE_SIZES } from '@laurel/domain';
import { Anchor, Card, Center, Group, Loader, Pagination, Select, Table, Text } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '../../../shared/api/errors.ts';
import { EmptyPanel } from '../../../shared/components/EmptyPanel.tsx';
import { PageHeader } from '../../../shared/components/PageHeader.tsx';
import { FormError } from '../../../shared/forms/FormError.tsx';
import { formatDateTime } from '../../../shared/lib/format.ts';
import { listOutbox } from '../api.ts';
import { adminKeys } from '../query-keys.ts';
import { StatusBadge } from './StatusBadge.tsx';

function readPaging(params: URLSearchParams): { page: number; size: number } {
  const size = Number(params.get('size'));
  const page = Number(params.get('page'));
  return {
    size: (TABLE_PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

/** /admin/outbox: every message Laurel sent or kept, newest first. Paging lives in the URL. */
export function OutboxListPage() {
  const [params, setParams] = useSearchParams();
  const { page, size } = readPaging(params);
  const query = useQuery({
    queryKey: adminKeys.outbox(size, page),
    queryFn: () => listOutbox(size, (page - 1) * size),
    placeholderData: keepPreviousData,
  });
  const total = query.data?.count ?? 0;
  const pages = Math.max(1, Math.ceil(total / size));

  const go = (next: { page?: number; size?: number }) => {
    const values = new URLSearchParams(params);
    values.set('page', String(next.page ?? page));
    values.set('size', String(next.size ?? size));
    setParams(values);
  };

  return (
    <>
      <PageHeader
        eyebrow="Admin"
        title="Outbox"
        description="Every email Laurel has sent or kept: account confirmations, password resets and certificates. Open one to see exactly what the recipient got."
      />
      {query.isError && <FormError>{errorMessage(query.error)}</FormError>}
      {query.isPending && (
        <Center py={80}>
          <Loader />
        </Center>
      )}
      {query.data && total === 0 && (
        <EmptyPanel
          icon={<IconMail size={26} stroke={1.6} />}
          title="The outbox is empty"
          description="Messages appear here as soon as Laurel sends one: a registration, a password reset or a certificate."
          action={{ label: 'Back to accounts', to: '/admin/accounts' }}
        />
      )}
      {query.data && total > 0 && (
        <Card padding={0} shadow="xs">
          <Table.ScrollContainer minWidth={720}>
            <Table verticalSpacing="sm" horizontalSpacing="lg" highlightOnHover aria-label="Outbox messages" data-testid="outbox-table">
              <Table.Thead bg="stone.0">
                <Table.Tr>
                  <Table.Th w={190}>Date</Table.Th>
                  <Table.Th>To</Table.Th>
                  <Table.Th>Subject</Table.Th>
                  <Table.Th w={150}>Kind</Table.Th>
                  <Table.Th w={110}>Status</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>
                {query.data.messages.map((message) => (
                  <Table.Tr key={message.id}>
                    <Table.Td>
                      <Text size="sm" c="stone.6" style={{ whiteSpace: 'nowrap' }}>
                        {formatDateTime(message.created_at)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{message.to}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Anchor component={Link} to={`/admin/outbox/${message.id}`} size="sm" fw={600}>
                        {message.subject || '(no subject)'}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" c="stone.6">
                        {message.kind}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <StatusBadge status={message.status} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group justify="space-between" px="lg" py="sm" style={{ borderTop: '1px solid var(--laurel-border)' }} wrap="wrap" gap="sm">
            <Group gap="xs">
              <Text size="sm" c="stone.6">
                Rows per page
              </Text>
              <Select
                aria-label="Rows per page"
                w={80}
                size="xs"
                value={String(size)}
                data={TABLE_PAGE_SIZES.map(String)}
                onChange={(value) => value && go({ size: Number(value), page: 1 })}
                allowDeselect={false}
              />
              <Text size="sm" c="stone.6">
                {`${(page - 1) * size + 1}–${Math.min(page * size, total)} of ${total}`}
              </Text>
            </Group>
            <Pagination
              total={pages}
              value={Math.min(page, pages)}
              onChange={(next) => go({ page: next })}
              size="sm"
              siblings={1}
              aria-label="Outbox pages"
            />
          </Group>
        </Card>
      )}
    </>
  );
}
