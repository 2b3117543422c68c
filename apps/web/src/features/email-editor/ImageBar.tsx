import { Button, Group, Text } from '@mantine/core';
import { IconArrowAutofitWidth, IconPhotoScan, IconTrash } from '@tabler/icons-react';
import type { Editor } from '@tiptap/core';
import { useEditorState } from '@tiptap/react';

/** Size and removal of the selected image: its own size (Auto), the full text width (100%), or gone. */
export function ImageBar({ editor }: { editor: Editor }) {
  const image = useEditorState({
    editor,
    selector: ({ editor: e }) => (e.isActive('image') ? ((e.getAttributes('image').fit as string) ?? 'auto') : null),
  });
  if (!image) return null;
  return (
    <Group
      gap="xs"
      px="sm"
      py={6}
      bg="laurel.0"
      role="toolbar"
      aria-label="Image size"
      style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
    >
      <Text size="xs" fw={600} c="laurel.8" mr={4}>
        Image
      </Text>
      <Button
        size="compact-xs"
        variant={image === 'auto' ? 'filled' : 'default'}
        leftSection={<IconPhotoScan size={13} />}
        onClick={() => editor.chain().focus().setImageFit('auto').run()}
      >
        Auto
      </Button>
      <Button
        size="compact-xs"
        variant={image === 'full' ? 'filled' : 'default'}
        leftSection={<IconArrowAutofitWidth size={13} />}
        onClick={() => editor.chain().focus().setImageFit('full').run()}
      >
        100%
      </Button>
      <Button
        size="compact-xs"
        variant="default"
        color="red"
        leftSection={<IconTrash size={13} />}
        onClick={() => editor.chain().focus().deleteSelection().run()}
      >
        Delete image
      </Button>
    </Group>
  );
}
