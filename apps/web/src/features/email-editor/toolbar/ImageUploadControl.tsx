import { Loader } from '@mantine/core';
import { RichTextEditor } from '@mantine/tiptap';
import { IconPhoto } from '@tabler/icons-react';
import type { Editor } from '@tiptap/core';
import { useRef, useState } from 'react';
import { notifyError, notifySuccess } from '../../../shared/lib/notify.ts';
import { imageFileProblem, uploadImageForEmail } from '../uploads.ts';

/** Uploads a PNG, GIF or JPEG of at most 2 MB and places it at the cursor. */
export function ImageUploadControl({ editor, requireCursor }: { editor: Editor; requireCursor: () => boolean }) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);

  const upload = async (file: File) => {
    const problem = imageFileProblem(file);
    if (problem) {
      notifyError(problem);
      return;
    }
    setBusy(true);
    try {
      const src = await uploadImageForEmail(file);
      editor
        .chain()
        .focus()
        .setImage({ src, alt: file.name.replace(/\.[a-z0-9]+$/i, '') })
        .run();
      notifySuccess('Image uploaded.');
    } catch (error) {
      notifyError((error as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <RichTextEditor.Control
        aria-label="Insert image"
        title="Insert image"
        disabled={busy}
        onClick={() => {
          if (requireCursor()) input.current?.click();
        }}
      >
        {busy ? <Loader size={14} /> : <IconPhoto size={16} stroke={1.6} />}
      </RichTextEditor.Control>
      <input
        ref={input}
        type="file"
        accept="image/png,image/gif,image/jpeg"
        hidden
        aria-label="Image file"
        data-testid="email-image-input"
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = '';
          if (file) void upload(file);
        }}
      />
    </>
  );
}
