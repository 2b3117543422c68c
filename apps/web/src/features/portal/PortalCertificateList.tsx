import { DEFAULT_LIST_PAGE_SIZES, type PortalAccount, portalPageSizeChoices } from '@laurel/domain';
import { Alert, Group, Pagination, Select, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCertificate, IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../shared/api/errors.ts';
import { EmptyPanel } from '../../shared/components/EmptyPanel.tsx';
import { myCertificates, noLoginCertificates } from './api.ts';
import { PortalCertificateCard } from './PortalCertificateCard.tsx';
import { portalKeys } from './query-keys.ts';

interface Props {
  account: PortalAccount;
  email: string;
  /** The list by email alone, on an account whose recipients need no sign-in: no memo editing there. */
  noLogin?: boolean;
  /** The kept page size and where to keep a new one (a signed-in holder's `portal` pagination). */
  pageSize?: [number, (size: number) => void];
}

/** The holder's certificates from one issuer (docs/product/recipient-portal.md#screens "Recipient portal"): a grid, searched and paged. */
export function PortalCertificateList({ account, email, noLogin = false, pageSize }: Props) {
  const [localSize, setLocalSize] = useState<number>(DEFAULT_LIST_PAGE_SIZES.portal);
  const [size, setSize] = pageSize ?? [localSize, setLocalSize];
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [like] = useDebouncedValue(search.trim(), 300);
  const query = { limit: size, offset: (page - 1) * size, ...(like ? { like } : {}) };
  const list = useQuery({
    queryKey: portalKeys.certificates(account.id, email, noLogin, query),
    queryFn: () => (noLogin ? noLoginCertificates(email, query) : myCertificates(email, query)),
    placeholderData: keepPreviousData,
  });
  const total = list.data?.count ?? 0;
  const pages = Math.max(1, Math.ceil(total / size));

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="md" wrap="wrap">
        <div>
          <Title order={1} className="display-title" fz={{ base: 26, sm: 32 }}>
            My certificates
          </Title>
          <Text c="stone.6" size="sm">
            Issued by {account.name} to {email}
          </Text>
        </div>
        <TextInput
          aria-label="Search certificates"
          placeholder="Search by title, memo or name"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          w={{ base: '100%', sm: 300 }}
        />
      </Group>
      {list.isError && <Alert color="red">{errorMessage(list.error)}</Alert>}
      {list.isPending && (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg">
          {['first', 'second', 'third'].map((slot) => (
            <Skeleton key={slot} h={320} radius="md" />
          ))}
        </SimpleGrid>
      )}
      {list.isSuccess && total === 0 && (
        <EmptyPanel
          icon={<IconCertificate size={26} stroke={1.6} />}
          title={like ? 'No certificate matches your search' : 'No certificates yet'}
          description={
            like
              ? 'Try another word from the title, your memo or your name.'
              : 'Certificates appear here as soon as they are issued to your email address.'
          }
        />
      )}
      {list.data && total > 0 && (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg" aria-label="Certificates">
          {list.data.certificates.map((certificate) => (
            <PortalCertificateCard key={certificate.id} certificate={certificate} email={email} noLogin={noLogin} />
          ))}
        </SimpleGrid>
      )}
      {total > 0 && (
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Group gap="xs" wrap="nowrap">
            <Text size="sm" c="stone.6">
              Per page
            </Text>
            <Select
              aria-label="Certificates per page"
              w={80}
              size="xs"
              value={String(size)}
              data={portalPageSizeChoices(size).map(String)}
              onChange={(value) => {
                if (!value) return;
                setSize(Number(value));
                setPage(1);
              }}
              allowDeselect={false}
            />
            <Text size="sm" c="stone.6">
              {total} in all
            </Text>
          </Group>
          {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} size="sm" siblings={1} aria-label="Pages" />}
        </Group>
      )}
    </Stack>
  );
}
