import { Badge, Center, Group, Loader, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconGlobe, IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { EmptyPanel } from '../../shared/components/EmptyPanel.tsx';
import { LoadFailed } from '../../shared/components/LoadFailed.tsx';
import { PagedTable } from '../../shared/components/PagedTable.tsx';
import { PageHeader } from '../../shared/components/PageHeader.tsx';
import { useTablePaging } from '../../shared/hooks/useTablePaging.ts';
import { formatDate } from '../../shared/lib/format.ts';
import { listCustomDomains } from '../custom-domain/index.ts';
import { adminKeys } from './query-keys.ts';

const DAY_MS = 86_400_000;

/** How soon a certificate ends: red once expired, orange within 30 days. */
function Expiry({ notAfter }: { notAfter: string | null }) {
  if (!notAfter)
    return (
      <Text size="sm" c="stone.6">
        —
      </Text>
    );
  const left = new Date(notAfter).getTime() - Date.now();
  const color = left < 0 ? 'red' : left < 30 * DAY_MS ? 'orange' : undefined;
  return (
    <Text size="sm" c={color} style={{ whiteSpace: 'nowrap' }}>
      {left < 0 ? `Expired ${formatDate(notAfter)}` : formatDate(notAfter)}
    </Text>
  );
}

/** /custom-domains: every account's custom portal URL, with its state and its certificate's expiry (docs/product/super-admin.md#calls). */
export function AdminCustomDomainsPage() {
  const [like, setLike] = useState('');
  const [search] = useDebouncedValue(like.trim(), 300);
  const paging = useTablePaging(10);
  const { limit, offset } = paging;
  const query = useQuery({
    queryKey: adminKeys.customDomains(search, limit, offset),
    queryFn: () => listCustomDomains({ like: search || undefined, limit, offset }),
    placeholderData: keepPreviousData,
  });
  const total = query.data?.count ?? 0;

  return (
    <>
      <PageHeader
        eyebrow="Admin"
        title="Custom domains"
        description="Portal addresses on customers’ own domains, with the state of their certificates."
      />
      <TextInput
        mb="md"
        maw={420}
        leftSection={<IconSearch size={16} />}
        placeholder="Search by domain or account"
        aria-label="Search custom domains"
        value={like}
        onChange={(event) => paging.firstPage(setLike)(event.currentTarget.value)}
      />
      {query.isError && (
        <LoadFailed title="The custom domains could not be loaded" error={query.error} onRetry={() => void query.refetch()} />
      )}
      {query.isPending && (
        <Center py={80}>
          <Loader />
        </Center>
      )}
      {query.data && total === 0 && (
        <EmptyPanel
          icon={<IconGlobe size={26} stroke={1.6} />}
          title={search ? 'No custom domain matches' : 'No custom domains'}
          description={
            search
              ? 'Try another domain or account name.'
              : 'Enterprise accounts can serve their recipient portal from their own domain; those domains are listed here.'
          }
        />
      )}
      {query.data && total > 0 && (
        <PagedTable
          minWidth={640}
          verticalSpacing="sm"
          horizontalSpacing="lg"
          aria-label="Custom domains"
          pager={{ label: 'Custom domain pages', total, ...paging.pager }}
        >
          <Table.Thead bg="stone.0">
            <Table.Tr>
              <Table.Th>Domain</Table.Th>
              <Table.Th>Account</Table.Th>
              <Table.Th w={110}>State</Table.Th>
              <Table.Th w={100}>SSL</Table.Th>
              <Table.Th w={170}>Certificate expires</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>
            {query.data.custom_domains.map((domain) => (
              <Table.Tr key={domain.id}>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {domain.host}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{domain.account_name}</Text>
                </Table.Td>
                <Table.Td>
                  <Badge variant="light" color={domain.active ? 'laurel' : 'gray'}>
                    {domain.active ? 'Active' : 'Inactive'}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    <Badge variant="light" color={domain.is_ssl ? 'blue' : 'gray'}>
                      {domain.is_ssl ? 'On' : 'Off'}
                    </Badge>
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Expiry notAfter={domain.not_after} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </PagedTable>
      )}
    </>
  );
}
