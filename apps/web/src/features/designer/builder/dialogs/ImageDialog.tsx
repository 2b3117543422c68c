import { Modal, Tabs } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '../../../../shared/api/errors.ts';
import { notifyError, notifySuccess } from '../../../../shared/lib/notify.ts';
import { importStockImage, uploadImage } from '../../api.ts';
import { imageSize, TOO_LARGE_MESSAGE } from './image-files.ts';
import { StockSearch } from './StockSearch.tsx';
import { UploadDrop } from './UploadDrop.tsx';

export interface PickedImage {
  imagepath: string;
  width: number;
  height: number;
}

interface ImageDialogProps {
  opened: boolean;
  title: string;
  /** Logos come from the account's own files only; images may also come from stock. */
  withStock: boolean;
  onClose: () => void;
  onPicked: (image: PickedImage) => void;
}

/** Upload image (docs/product/builder.md#editing-a-design dialogs), with stock search for image elements. */
export function ImageDialog({ opened, title, withStock, onClose, onPicked }: ImageDialogProps) {
  const [busy, setBusy] = useState(false);
  const take = async (load: () => Promise<{ imagepath: string; width?: number; height?: number }>) => {
    setBusy(true);
    try {
      const image = await load();
      const size = image.width && image.height ? { width: image.width, height: image.height } : await imageSize(image.imagepath);
      onPicked({ imagepath: image.imagepath, ...size });
      notifySuccess('Image uploaded.');
      onClose();
    } catch (error) {
      notifyError(errorMessage(error, TOO_LARGE_MESSAGE));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="lg">
      <Tabs defaultValue="upload" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="upload">Upload</Tabs.Tab>
          {withStock && <Tabs.Tab value="stock">Stock images</Tabs.Tab>}
        </Tabs.List>
        <Tabs.Panel value="upload">
          <UploadDrop busy={busy} label="Upload an image" onFile={(file) => take(() => uploadImage(file))} />
        </Tabs.Panel>
        {withStock && (
          <Tabs.Panel value="stock">
            <StockSearch type="image" busy={busy} onPick={(image) => take(() => importStockImage(image.url))} />
          </Tabs.Panel>
        )}
      </Tabs>
    </Modal>
  );
}
