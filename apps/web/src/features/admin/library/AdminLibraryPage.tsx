import type { LibraryImage } from '@laurel/domain';
import { ActionIcon, Button, Card, FileButton, Group, Image, SimpleGrid, Skeleton, Text, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconArrowLeft, IconArrowRight, IconTrash, IconUpload } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorMessage } from '../../../shared/api/errors.ts';
import { EmptyPanel } from '../../../shared/components/EmptyPanel.tsx';
import { LoadFailed } from '../../../shared/components/LoadFailed.tsx';
import { PageHeader } from '../../../shared/components/PageHeader.tsx';
import { notifyError, notifySuccess } from '../../../shared/lib/notify.ts';
import { eyebrow } from '../admin-section.tsx';
import { adminKeys } from '../query-keys.ts';
import { type LibraryKind, libraryApi } from './api.ts';

const IMAGE_TYPES = 'image/png,image/jpeg,image/gif,image/webp';

export interface LibraryPageDef {
  kind: LibraryKind;
  title: string;
  /** What one item is called in labels: "background", "image". */
  noun: string;
  description: string;
  icon: ReactNode;
  empty: { title: string; description: string };
}

/** Moves one image a place earlier or later and numbers the whole library again, as the builder lists it. */
function reordered(images: LibraryImage[], index: number, step: -1 | 1) {
  const next = [...images];
  const [moved] = next.splice(index, 1);
  next.splice(index + step, 0, moved as LibraryImage);
  return next.map((image, sorting) => ({ id: image.id, sorting }));
}

/**
 * A shared library super-admins keep for every account (backgrounds, images): upload, order as the builder
 * offers them, remove. Designs that already use an image keep their copy of it.
 */
export function AdminLibraryPage({ def }: { def: LibraryPageDef }) {
  const queryClient = useQueryClient();
  const key = adminKeys.library(def.kind);
  const api = libraryApi[def.kind];
  const list = useQuery({ queryKey: key, queryFn: api.list });
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  // The builder's own lists read the same libraries.
  const refreshBuilder = () => queryClient.invalidateQueries({ queryKey: [def.kind] });

  const add = useMutation({
    mutationFn: api.add,
    onSuccess: () => {
      notifySuccess('Image uploaded.');
      void refresh();
      void refreshBuilder();
    },
    onError: (error) => notifyError(errorMessage(error, 'Error uploading image')),
  });
  const remove = useMutation({
    mutationFn: (image: LibraryImage) => api.remove(image.id),
    onSuccess: () => {
      notifySuccess('Record deleted');
      void refresh();
      void refreshBuilder();
    },
    onError: (error) => notifyError(errorMessage(error)),
  });
  const sort = useMutation({
    mutationFn: api.sort,
    onSettled: () => {
      void refresh();
      void refreshBuilder();
    },
    onError: (error) => notifyError(errorMessage(error)),
  });

  const confirmRemove = (image: LibraryImage) =>
    modals.openConfirmModal({
      title: `Remove this ${def.noun}?`,
      children: (
        <Text size="sm">
          Designers will no longer find it in the library. Certificates and designs that already use it keep their copy.
        </Text>
      ),
      labels: { confirm: 'Remove', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(image),
    });

  const images = list.data;
  const upload = (
    <FileButton onChange={(file) => file && add.mutate(file)} accept={IMAGE_TYPES}>
      {(props) => (
        <Button {...props} leftSection={<IconUpload size={16} />} loading={add.isPending}>
          Upload {def.noun}
        </Button>
      )}
    </FileButton>
  );

  return (
    <>
      <PageHeader eyebrow={eyebrow} title={def.title} description={def.description} actions={upload} />
      {list.isError && (
        <LoadFailed title={`The ${def.title.toLowerCase()} could not be loaded`} error={list.error} onRetry={() => void list.refetch()} />
      )}
      {list.isPending && (
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }}>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} h={180} radius="md" />
          ))}
        </SimpleGrid>
      )}
      {images && !images.length && <EmptyPanel icon={def.icon} title={def.empty.title} description={def.empty.description} />}
      {images && images.length > 0 && (
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} role="list" aria-label={def.title}>
          {images.map((image, index) => {
            const name = image.name || `${def.noun} ${index + 1}`;
            return (
              <Card key={image.id} withBorder radius="md" padding="xs" role="listitem" aria-label={name}>
                <Card.Section bg="stone.0">
                  <Image src={image.imagepath} alt={name} h={140} fit="contain" />
                </Card.Section>
                <Text size="sm" fw={500} truncate mt="xs" title={name}>
                  {name}
                </Text>
                <Group justify="space-between" mt={4} wrap="nowrap">
                  <Group gap={2} wrap="nowrap">
                    <Tooltip label="Move earlier">
                      <ActionIcon
                        variant="subtle"
                        aria-label={`Move ${name} earlier`}
                        disabled={index === 0 || sort.isPending}
                        onClick={() => sort.mutate(reordered(images, index, -1))}
                      >
                        <IconArrowLeft size={16} />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label="Move later">
                      <ActionIcon
                        variant="subtle"
                        aria-label={`Move ${name} later`}
                        disabled={index === images.length - 1 || sort.isPending}
                        onClick={() => sort.mutate(reordered(images, index, 1))}
                      >
                        <IconArrowRight size={16} />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                  <ActionIcon variant="subtle" color="red" aria-label={`Remove ${name}`} onClick={() => confirmRemove(image)}>
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              </Card>
            );
          })}
        </SimpleGrid>
      )}
    </>
  );
}
