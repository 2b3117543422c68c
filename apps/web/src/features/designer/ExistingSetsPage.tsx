import type { CertificateSummary } from '@laurel/domain';
import { Button, Card, Group, Pagination, Select, SimpleGrid, Skeleton, Stack, Text, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import {
  IconCopy,
  IconEdit,
  IconEye,
  IconLayoutGrid,
  IconMail,
  IconPlus,
  IconSettings,
  IconTableImport,
  IconTrash,
} from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../shared/api/errors.ts';
import { EmptyPanel } from '../../shared/components/EmptyPanel.tsx';
import { LoadFailed } from '../../shared/components/LoadFailed.tsx';
import { PageHeader } from '../../shared/components/PageHeader.tsx';
import { openNeedMoreSetsDialog } from '../../shared/components/plan-dialogs.tsx';
import { notifyError, notifySuccess } from '../../shared/lib/notify.ts';
import { useSignedInUser } from '../../shared/session/queries.ts';
import { deleteDesignSet, duplicateCertificate, listCertificates, updateDesignSet } from './api.ts';
import { builderAccess } from './builder/access.ts';
import { showCreateError } from './parts/create-errors.ts';
import { DesignCard } from './parts/DesignCard.tsx';
import { type SetSettings, SetSettingsDialog } from './parts/SetSettingsDialog.tsx';
import { designerKeys } from './query-keys.ts';

const PAGE_SIZES = ['3', '6', '9', '12', '24'];
const DEFAULT_PAGE_SIZE = 6;

/** /build: the account's certificate sets, a page at a time (docs/product/builder.md#existing-certificate-sets). */
export function ExistingSetsPage() {
  const user = useSignedInUser();
  const access = builderAccess(user);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [pageSize, setPageSize] = useState(user.pagination.buildExist ?? DEFAULT_PAGE_SIZE);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<number | null>(null);

  const list = useQuery({
    queryKey: designerKeys.certificates(page, pageSize),
    queryFn: () => listCertificates({ limit: pageSize, offset: (page - 1) * pageSize }),
    placeholderData: keepPreviousData,
  });
  const count = list.data?.count ?? 0;
  const pages = Math.max(1, Math.ceil(count / pageSize));
  // What the account may own: its allowance and its plan's (null: no limit while the plan is held).
  const limit = user.account ? user.account.certificate_set_limit : 0;
  const refresh = () => queryClient.invalidateQueries({ queryKey: designerKeys.certificates() });

  const saveSettings = useMutation({
    mutationFn: ({ id, settings }: { id: number; settings: SetSettings }) => updateDesignSet({ kind: 'certificates', id }, settings),
    onSuccess: () => {
      notifySuccess('Certificate updated.');
      setEditing(null);
      void refresh();
      void queryClient.invalidateQueries({ queryKey: designerKeys.setCertificates() });
    },
    onError: (error) => notifyError(errorMessage(error, 'Certificate name must be unique.')),
  });

  const duplicate = useMutation({
    mutationFn: duplicateCertificate,
    onSuccess: () => {
      notifySuccess('Certificate duplicated.');
      void refresh();
    },
    onError: (error) => showCreateError(error, navigate),
  });

  const remove = useMutation({
    mutationFn: (id: number) => deleteDesignSet({ kind: 'certificates', id }),
    onSuccess: () => {
      notifySuccess('Certificate deleted.');
      if (count <= 1) return navigate('/build/new');
      if (page > 1 && (list.data?.certificates.length ?? 0) <= 1) setPage(page - 1);
      void refresh();
    },
    onError: (error) => notifyError(`Error deleting certificate set: ${errorMessage(error)}`),
  });

  const startCreate = () => {
    if (limit !== null && limit - count <= 0) return openNeedMoreSetsDialog(navigate);
    void navigate('/build/new');
  };

  const confirmDelete = (set: CertificateSummary) =>
    modals.openConfirmModal({
      title: 'Delete this certificate set?',
      children: <Text size="sm">“{set.name}” and its email will be deleted. Certificates already sent stay valid.</Text>,
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(set.id),
    });

  const createButton = (
    <Tooltip label="Ask your account administrator for permission to create certificates" disabled={access.create}>
      <Button leftSection={<IconPlus size={16} />} onClick={startCreate} disabled={!access.create}>
        New certificate
      </Button>
    </Tooltip>
  );

  return (
    <Stack gap={0}>
      <PageHeader
        eyebrow="Build"
        tutorial="build"
        title="Certificate designs"
        description="Each design is a certificate set: the certificate, front and back, and the email that delivers it."
        actions={createButton}
      />
      {list.isError && <LoadFailed title="The designs could not be loaded" error={list.error} onRetry={() => void list.refetch()} />}
      {list.isPending && (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
          {Array.from({ length: Math.min(pageSize, 6) }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: identical loading placeholders with nothing else to key by; they never reorder
            <Card key={i} withBorder padding={0} radius="md">
              <Skeleton style={{ aspectRatio: '4 / 3' }} radius={0} />
              <Stack gap={6} p="sm">
                <Skeleton h={14} w="60%" />
                <Skeleton h={10} w="40%" />
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}
      {list.isSuccess && count === 0 && (
        <EmptyPanel
          icon={<IconLayoutGrid size={26} stroke={1.6} />}
          title="Create your first certificate"
          description="Start from a professionally designed template or a blank page, add your logo and the recipient’s name, and preview it exactly as it will be sent."
          action={access.create ? { label: 'Create your first certificate', to: '/build/new', icon: <IconPlus size={16} /> } : undefined}
        />
      )}
      {list.data && count > 0 && (
        <Stack gap="lg">
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
            {list.data.certificates.map((set) => (
              <DesignCard
                key={set.id}
                name={set.name}
                image={set.image}
                portrait={set.is_portrait}
                format={set.format}
                twoSided={set.use_two_side}
                updatedAt={set.updated_at}
                openTo={`/build/${set.id}`}
                actions={[
                  access.editDesign
                    ? { label: 'Edit certificate', icon: <IconEdit size={15} />, onClick: () => navigate(`/build/${set.id}`) }
                    : { label: 'View certificate', icon: <IconEye size={15} />, onClick: () => navigate(`/build/${set.id}`) },
                  ...(access.editEmail
                    ? [{ label: 'Edit email', icon: <IconMail size={15} />, onClick: () => navigate(`/build/${set.id}/email`) }]
                    : []),
                  { label: 'Import data', icon: <IconTableImport size={15} />, onClick: () => navigate(`/send?c=${set.id}`) },
                  ...(access.editDesign
                    ? [{ label: 'Settings', icon: <IconSettings size={15} />, onClick: () => setEditing(set.id) }]
                    : []),
                  ...(access.create ? [{ label: 'Duplicate', icon: <IconCopy size={15} />, onClick: () => duplicate.mutate(set.id) }] : []),
                  ...(access.editDesign
                    ? [{ label: 'Delete', icon: <IconTrash size={15} />, danger: true, onClick: () => confirmDelete(set) }]
                    : []),
                ]}
              />
            ))}
          </SimpleGrid>
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {limit === null ? `${count} certificate sets, no limit on your plan` : `${count} of ${limit} certificate sets used`}
            </Text>
            <Group gap="sm">
              {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} siblings={1} boundaries={0} aria-label="Pages" />}
              <Select
                aria-label="Designs per page"
                size="xs"
                w={110}
                data={PAGE_SIZES.map((n) => ({ value: n, label: `${n} per page` }))}
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
        </Stack>
      )}
      <SetSettingsDialog
        setId={editing}
        issuerName={user.account?.name ?? ''}
        busy={saveSettings.isPending}
        onClose={() => setEditing(null)}
        onSubmit={(settings) => editing !== null && saveSettings.mutate({ id: editing, settings })}
      />
    </Stack>
  );
}
