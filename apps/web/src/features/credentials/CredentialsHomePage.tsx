import { portalPageSizeChoices, primaryRole } from '@laurel/domain';
import { Button, Group, Pagination, Select, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCertificate, IconExternalLink, IconLogout, IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { EmptyPanel } from '../../shared/components/EmptyPanel.tsx';
import { LoadError } from '../../shared/components/LoadError.tsx';
import { usePageSize } from '../../shared/hooks/usePageSize.ts';
import { plural } from '../../shared/lib/format.ts';
import { useAppConfig, useSignedInUser } from '../../shared/session/queries.ts';
import { useSignOut } from '../../shared/session/useSignOut.ts';
import { listCredentials } from './api.ts';
import { CredentialCard } from './CredentialCard.tsx';
import { credentialsKeys } from './query-keys.ts';

/**
 * The credentials portal (docs/product/recipient-portal.md#screens, grid titled Portal): every certificate sent to the holder's address
 * by any issuer, searched by memo and names, filtered by issuer, paged by the holder's kept page size.
 */
export function CredentialsHomePage() {
  const user = useSignedInUser();
  const { data: config } = useAppConfig();
  const signOut = useSignOut();
  const [pageSize, setPageSize] = usePageSize('portal');
  const [typed, setTyped] = useState('');
  const [search] = useDebouncedValue(typed.trim(), 300);
  const [issuer, setIssuer] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const query = { search: search || undefined, account_id: issuer ? Number(issuer) : undefined, page, limit: pageSize };
  const list = useQuery({
    queryKey: credentialsKeys.list(query),
    queryFn: () => listCredentials(query),
    placeholderData: keepPreviousData,
  });
  const count = list.data?.count ?? 0;
  const pages = Math.max(1, Math.ceil(count / pageSize));
  const filtered = !!search || !!issuer;
  const adminLink = primaryRole(user) === 'account_admin' && user.account && config ? `${config.public_url}/dashboard` : null;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={2}>
          <Title order={1} className="display-title" fz={{ base: 26, sm: 32 }}>
            Portal
          </Title>
          <Text c="stone.6">Every certificate sent to {user.email}, whichever organisation issued it.</Text>
        </Stack>
        <Group gap="xs">
          {adminLink && (
            <Button component="a" href={adminLink} variant="light" size="sm" rightSection={<IconExternalLink size={14} />}>
              {user.account?.name ?? 'Admin'} admin
            </Button>
          )}
          <Button
            variant="default"
            size="sm"
            leftSection={<IconLogout size={16} />}
            onClick={() => void signOut({ to: '/credentials/login' })}
          >
            Sign out
          </Button>
        </Group>
      </Group>

      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label="Search"
          placeholder="Memo, first or last name"
          size="md"
          leftSection={<IconSearch size={16} />}
          value={typed}
          onChange={(event) => {
            setTyped(event.currentTarget.value);
            setPage(1);
          }}
          style={{ flex: '1 1 240px' }}
        />
        <Select
          label="Issuer"
          placeholder="All issuers"
          size="md"
          clearable
          data={(list.data?.issuers ?? []).map((i) => ({ value: String(i.id), label: i.name }))}
          value={issuer}
          onChange={(value) => {
            setIssuer(value);
            setPage(1);
          }}
          style={{ flex: '1 1 200px' }}
        />
      </Group>

      {list.isError && <LoadError error={list.error} onRetry={() => void list.refetch()} />}
      {list.isPending && (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
          {[0, 1, 2].map((n) => (
            <Skeleton key={n} height={360} radius="md" />
          ))}
        </SimpleGrid>
      )}
      {list.isSuccess && count === 0 && (
        <EmptyPanel
          icon={<IconCertificate size={26} stroke={1.6} />}
          title={filtered ? 'Nothing matches' : 'No credentials yet'}
          description={
            filtered
              ? 'No certificate matches this search and issuer. Try other words, or show every issuer.'
              : 'Credentials appear here as soon as an organisation issues one to your email address.'
          }
        />
      )}
      {list.data && count > 0 && (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg" aria-label="Credentials">
            {list.data.credentials.map((credential) => (
              <CredentialCard key={credential.id} credential={credential} onSaved={() => void list.refetch()} />
            ))}
          </SimpleGrid>
          <Group justify="space-between" gap="sm">
            <Text size="sm" c="stone.6">
              {plural(count, 'credential')}
            </Text>
            <Group gap="sm">
              {pages > 1 && (
                <Pagination total={pages} value={Math.min(page, pages)} onChange={setPage} siblings={1} boundaries={0} aria-label="Pages" />
              )}
              <Select
                aria-label="Credentials per page"
                size="xs"
                w={120}
                data={portalPageSizeChoices(pageSize).map((n) => ({ value: String(n), label: `${n} per page` }))}
                value={String(pageSize)}
                allowDeselect={false}
                onChange={(value) => {
                  if (!value) return;
                  setPageSize(Number(value));
                  setPage(1);
                }}
              />
            </Group>
          </Group>
        </>
      )}
    </Stack>
  );
}
