import { Loader } from '@mantine/core';
import { RichTextEditor } from '@mantine/tiptap';
import { IconPaperclip } from '@tabler/icons-react';
import { useRef, useState } from 'react';

/** Picks a file to attach to every message of the set; the attachments list shows and removes them. */
export function AttachControl({ onAttach, requireCursor }: { onAttach: (file: File) => Promise<void>; requireCursor: () => boolean }) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  return (
    <>
      <RichTextEditor.Control
        aria-label="Attach file"
        title="Attach file"
        disabled={busy}
        onClick={() => {
          if (requireCursor()) input.current?.click();
        }}
      >
        {busy ? <Loader size={14} /> : <IconPaperclip size={16} stroke={1.6} />}
      </RichTextEditor.Control>
      <input
        ref={input}
        type="file"
        hidden
        aria-label="Attachment file"
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = '';
          if (!file) return;
          setBusy(true);
          void onAttach(file).finally(() => setBusy(false));
        }}
      />
    </>
  );
}
