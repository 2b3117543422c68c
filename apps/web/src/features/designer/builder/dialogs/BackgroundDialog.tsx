import { Alert, Button, Group, Image, Loader, Modal, Pagination, SimpleGrid, Stack, Tabs, Text, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../../../shared/api/errors.ts';
import { notifyError, notifySuccess } from '../../../../shared/lib/notify.ts';
import { importStockImage, listBackgrounds, uploadBackground } from '../../api.ts';
import { designerKeys } from '../../query-keys.ts';
import { imageSize, TOO_LARGE_MESSAGE } from './image-files.ts';
import { PICKER_PAGE_SIZE, StockSearch } from './StockSearch.tsx';
import { UploadDrop } from './UploadDrop.tsx';

interface BackgroundDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The chosen image and its size (which decides whether a portrait page turns it), or null for none. */
  onChoose: (choice: { imagepath: string; width: number; height: number } | null) => void;
}

function LibraryPicker({ onPick, busy }: { onPick: (imagepath: string) => void; busy: boolean }) {
  const [page, setPage] = useState(1);
  const library = useQuery({ queryKey: designerKeys.backgrounds(), queryFn: listBackgrounds });
  if (library.isPending) return <Loader size="sm" mx="auto" my="xl" display="block" />;
  if (library.isError) return <Alert color="red">{errorMessage(library.error)}</Alert>;
  const all = library.data.backgrounds;
  if (!all.length)
    return (
      <Text size="sm" c="dimmed" ta="center" py="xl">
        The background library is empty. Upload your own or search stock images.
      </Text>
    );
  const pages = Math.ceil(all.length / PICKER_PAGE_SIZE);
  return (
    <Stack gap="sm">
      <SimpleGrid cols={3} spacing="xs">
        {all.slice((page - 1) * PICKER_PAGE_SIZE, page * PICKER_PAGE_SIZE).map((bg) => (
          <UnstyledButton key={bg.id} onClick={() => onPick(bg.imagepath)} disabled={busy} aria-label={`Use background ${bg.name}`}>
            <Image src={bg.imagepath} h={96} radius="sm" fit="cover" alt="" style={{ border: '1px solid var(--mantine-color-gray-3)' }} />
            <Text size="xs" truncate mt={4}>
              {bg.name}
            </Text>
          </UnstyledButton>
        ))}
      </SimpleGrid>
      {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} size="sm" mx="auto" />}
    </Stack>
  );
}

/** Change background (docs/product/builder.md#flows): none, a listed background, an upload or a stock image. */
export function BackgroundDialog({ opened, onClose, onChoose }: BackgroundDialogProps) {
  const [busy, setBusy] = useState(false);

  const choose = async (load: () => Promise<{ imagepath: string; width?: number; height?: number }>, failure: string) => {
    setBusy(true);
    try {
      const image = await load();
      const size = image.width && image.height ? { width: image.width, height: image.height } : await imageSize(image.imagepath);
      onChoose({ imagepath: image.imagepath, ...size });
      notifySuccess('Background changed.');
      onClose();
    } catch (error) {
      notifyError(errorMessage(error, failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Change background" size="lg">
      <Tabs defaultValue="library" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="library">Library</Tabs.Tab>
          <Tabs.Tab value="upload">Upload</Tabs.Tab>
          <Tabs.Tab value="stock">Stock images</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="library">
          <LibraryPicker busy={busy} onPick={(imagepath) => choose(async () => ({ imagepath }), 'The background could not be used.')} />
        </Tabs.Panel>
        <Tabs.Panel value="upload">
          <UploadDrop busy={busy} label="Upload a background" onFile={(file) => choose(() => uploadBackground(file), TOO_LARGE_MESSAGE)} />
        </Tabs.Panel>
        <Tabs.Panel value="stock">
          <StockSearch type="background" busy={busy} onPick={(image) => choose(() => importStockImage(image.url), TOO_LARGE_MESSAGE)} />
        </Tabs.Panel>
      </Tabs>
      <Group justify="space-between" mt="lg">
        <Button
          variant="subtle"
          color="red"
          onClick={() => {
            onChoose(null);
            notifySuccess('Background changed.');
            onClose();
          }}
        >
          No background
        </Button>
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
      </Group>
    </Modal>
  );
}
