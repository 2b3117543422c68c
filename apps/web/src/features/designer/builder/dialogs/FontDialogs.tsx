import type { CustomFont } from '@laurel/domain';
import { Alert, Button, Checkbox, FileInput, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../../../shared/api/errors.ts';
import { notifyError, notifySuccess } from '../../../../shared/lib/notify.ts';
import { removeFonts, uploadFont } from '../../api.ts';

/** docs/product/builder.md#rules-and-limits: a letter first, then letters, digits, underscore, hyphen or whitespace. */
const FONT_NAME = /^[A-Za-z][A-Za-z0-9_\-\s]*$/;

interface AddFontDialogProps {
  opened: boolean;
  onClose: () => void;
  onAdded: (font: CustomFont) => void;
}

export function AddFontDialog({ opened, onClose, onAdded }: AddFontDialogProps) {
  const [name, setName] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  // The server's refusal stays in the dialog, beside what it is about, until the user changes it.
  const [refusal, setRefusal] = useState<{ field: 'name' | 'file'; message: string } | null>(null);
  const nameError =
    name && !FONT_NAME.test(name)
      ? 'Start with a letter; use letters, digits, spaces, _ or -.'
      : refusal?.field === 'name'
        ? refusal.message
        : null;
  const close = () => {
    setRefusal(null);
    onClose();
  };
  const submit = async () => {
    if (!file || !name || nameError) return;
    setBusy(true);
    try {
      const font = await uploadFont(name.trim(), file);
      notifySuccess('Font uploaded.');
      onAdded(font);
      setName('');
      setFile(null);
      close();
    } catch (error) {
      const field = error instanceof ApiError && error.body.field === 'name' ? 'name' : 'file';
      setRefusal({ field, message: errorMessage(error, 'Upload error') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={opened} onClose={close} title="Add a custom font">
      <Stack gap="sm">
        <TextInput
          label="Font name"
          value={name}
          onChange={(e) => {
            setName(e.currentTarget.value);
            setRefusal(null);
          }}
          error={nameError}
          required
        />
        <FileInput
          label="Font file"
          placeholder="Choose a .ttf, .otf or .woff file"
          description="TrueType, OpenType or WOFF; the font is embedded in every certificate that uses it."
          accept=".ttf,.otf,.woff,font/ttf,font/otf,font/woff"
          value={file}
          onChange={(chosen) => {
            setFile(chosen);
            setRefusal(null);
          }}
          required
          clearable
        />
        {refusal?.field === 'file' && (
          <Alert color="red" variant="light" p="xs" role="alert">
            {refusal.message}
          </Alert>
        )}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button onClick={submit} loading={busy} disabled={!file || !name || Boolean(nameError) || Boolean(refusal)}>
            Upload font
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

interface RemoveFontsDialogProps {
  opened: boolean;
  fonts: readonly CustomFont[];
  onClose: () => void;
  onRemoved: (ids: number[]) => void;
}

export function RemoveFontsDialog({ opened, fonts, onClose, onRemoved }: RemoveFontsDialogProps) {
  const [chosen, setChosen] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const ids = chosen.map(Number);
    setBusy(true);
    try {
      await removeFonts(ids);
      notifySuccess('Font deleted');
      onRemoved(ids);
      setChosen([]);
      onClose();
    } catch {
      notifyError('Cant delete font');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Remove custom fonts">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Text using a removed font falls back to Open Sans.
        </Text>
        <Checkbox.Group value={chosen} onChange={setChosen} label="Fonts to remove">
          <Stack gap={6} mt="xs">
            {fonts.map((font) => (
              <Checkbox key={font.id} value={String(font.id)} label={font.family} />
            ))}
          </Stack>
        </Checkbox.Group>
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" onClick={submit} loading={busy} disabled={!chosen.length}>
            Remove
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
