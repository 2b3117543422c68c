import { RichTextEditor } from '@mantine/tiptap';
import { IconBuildingBank } from '@tabler/icons-react';
import type { Editor } from '@tiptap/core';
import { absoluteUrl } from '../uploads.ts';

/** Places the account's logo at the cursor; without a logo the control says where to add one. */
export function LogoControl({
  editor,
  logo,
  accountName,
  requireCursor,
}: {
  editor: Editor;
  logo: string | null;
  accountName: string;
  requireCursor: () => boolean;
}) {
  const label = logo ? 'Insert logo' : 'Insert logo (add a logo to your account first)';
  return (
    <RichTextEditor.Control
      aria-label="Insert logo"
      title={label}
      disabled={!logo}
      onClick={() => {
        if (logo && requireCursor())
          editor
            .chain()
            .focus()
            .setImage({ src: absoluteUrl(logo), alt: accountName })
            .run();
      }}
    >
      <IconBuildingBank size={16} stroke={1.6} />
    </RichTextEditor.Control>
  );
}
