import { migrateDesign } from '@laurel/certificate';
import type { Style } from '@laurel/domain';
import { Button, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import {
  IconArrowDown,
  IconArrowUp,
  IconCopy,
  IconEdit,
  IconMail,
  IconPencil,
  IconPlus,
  IconTemplate,
  IconTrash,
} from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../shared/api/errors.ts';
import { EmptyPanel } from '../../shared/components/EmptyPanel.tsx';
import { LoadFailed } from '../../shared/components/LoadFailed.tsx';
import { PageHeader } from '../../shared/components/PageHeader.tsx';
import { notifyError, notifySuccess } from '../../shared/lib/notify.ts';
import { createStyle, deleteDesignSet, listStyles, renameDesignSet, sortStyles } from './api.ts';
import { designPayload } from './builder/save-design.ts';
import { DesignCard } from './parts/DesignCard.tsx';
import { NameDialog } from './parts/RenameDialog.tsx';
import { designerKeys } from './query-keys.ts';

type Naming = { mode: 'create' } | { mode: 'rename'; style: Style } | { mode: 'duplicate'; style: Style };

/** /admin/build: the global templates every account starts from (super-admins). */
export function AdminTemplatesPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const styles = useQuery({ queryKey: designerKeys.styles(), queryFn: listStyles });
  const [naming, setNaming] = useState<Naming | null>(null);
  // The server lists them in the order super-admins gave them; every account's gallery shows that order.
  const sorted = styles.data?.styles ?? [];
  const refresh = () => queryClient.invalidateQueries({ queryKey: designerKeys.styles() });

  const save = useMutation({
    mutationFn: async ({ naming, name }: { naming: Naming; name: string }) => {
      if (naming.mode === 'rename') return renameDesignSet({ kind: 'styles', id: naming.style.id }, name);
      if (naming.mode === 'duplicate') return createStyle({ name, ...designPayload(migrateDesign(naming.style)) });
      return createStyle({ name });
    },
    onSuccess: (style, { naming }) => {
      setNaming(null);
      void refresh();
      if (naming.mode === 'create') void navigate(`/admin/build/${style.id}`);
      else notifySuccess(naming.mode === 'rename' ? 'Certificate updated.' : 'Certificate duplicated.');
    },
    onError: (error) => notifyError(errorMessage(error, 'You already have a cert set by this name, please try again.')),
  });

  const reorder = useMutation({
    mutationFn: sortStyles,
    onSuccess: (reply) => {
      notifySuccess(reply.message);
      void refresh();
    },
    onError: (error) => notifyError(`Error: ${errorMessage(error)}`),
  });
  /** Moves a template one place earlier or later and saves every template's index. */
  const move = (index: number, by: -1 | 1) => {
    const ids = sorted.map((s) => s.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + by, 0, moved!);
    reorder.mutate(ids);
  };

  const remove = useMutation({
    mutationFn: (id: number) => deleteDesignSet({ kind: 'styles', id }),
    onSuccess: () => {
      notifySuccess('Deleted Item.');
      void refresh();
    },
    onError: (error) => notifyError(errorMessage(error)),
  });

  const confirmDelete = (style: Style) =>
    modals.openConfirmModal({
      title: 'Delete this template?',
      children: <Text size="sm">“{style.name}” will no longer be offered to accounts. Sets made from it keep their own copy.</Text>,
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(style.id),
    });

  return (
    <Stack gap={0}>
      <PageHeader
        eyebrow="Admin"
        title="Templates"
        description="Global templates offered to every account on the new certificate page, in the order shown here."
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setNaming({ mode: 'create' })}>
            New template
          </Button>
        }
      />
      {styles.isError && (
        <LoadFailed title="The templates could not be loaded" error={styles.error} onRetry={() => void styles.refetch()} />
      )}
      {styles.isSuccess && !sorted.length && (
        <EmptyPanel
          icon={<IconTemplate size={26} stroke={1.6} />}
          title="No templates yet"
          description="Create the first template accounts can start from."
        />
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
        {/* biome-ignore lint/suspicious/noArrayIndexKey: identical loading placeholders with nothing else to key by; they never reorder */}
        {styles.isPending && Array.from({ length: 6 }, (_, i) => <Skeleton key={i} style={{ aspectRatio: '4 / 3.6' }} radius="md" />)}
        {sorted.map((style, index) => (
          <DesignCard
            key={style.id}
            name={style.name}
            image={style.image}
            portrait={style.is_portrait}
            format={style.format}
            twoSided={style.use_two_side}
            updatedAt={style.updated_at}
            openTo={`/admin/build/${style.id}`}
            actions={[
              { label: 'Edit template', icon: <IconEdit size={15} />, onClick: () => navigate(`/admin/build/${style.id}`) },
              { label: 'Edit email', icon: <IconMail size={15} />, onClick: () => navigate(`/admin/build/${style.id}/email`) },
              { label: 'Rename', icon: <IconPencil size={15} />, onClick: () => setNaming({ mode: 'rename', style }) },
              { label: 'Duplicate', icon: <IconCopy size={15} />, onClick: () => setNaming({ mode: 'duplicate', style }) },
              ...(index > 0 ? [{ label: 'Move earlier', icon: <IconArrowUp size={15} />, onClick: () => move(index, -1) }] : []),
              ...(index < sorted.length - 1
                ? [{ label: 'Move later', icon: <IconArrowDown size={15} />, onClick: () => move(index, 1) }]
                : []),
              { label: 'Delete', icon: <IconTrash size={15} />, danger: true, onClick: () => confirmDelete(style) },
            ]}
          />
        ))}
      </SimpleGrid>
      <NameDialog
        opened={naming !== null}
        title={naming?.mode === 'rename' ? 'Rename template' : naming?.mode === 'duplicate' ? 'Duplicate template' : 'New template'}
        initial={naming?.mode === 'rename' ? naming.style.name : naming?.mode === 'duplicate' ? `${naming.style.name} (duplicate)` : ''}
        confirmLabel={naming?.mode === 'create' ? 'Create and edit' : 'Save'}
        busy={save.isPending}
        onClose={() => setNaming(null)}
        onSubmit={(name) => naming && save.mutate({ naming, name })}
      />
    </Stack>
  );
}
