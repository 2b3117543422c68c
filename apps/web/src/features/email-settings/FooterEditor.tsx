import '@mantine/tiptap/styles.css';
import { Link, RichTextEditor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useRef } from 'react';

/** The rich-text footer added under every certificate email; the server sanitises it like the email body. */
export function FooterEditor({ value, onChange }: { value: string; onChange: (html: string) => void }) {
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ link: false, code: false, codeBlock: false, heading: false }),
      Link.configure({ openOnClick: false, autolink: true, protocols: ['mailto'] }),
    ],
    content: value,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: { attributes: { 'aria-label': 'Email footer', role: 'textbox', 'aria-multiline': 'true' } },
    // An emptied editor holds one empty paragraph: that is no footer.
    onUpdate: ({ editor: e }) => onChangeRef.current(e.isEmpty ? '' : e.getHTML()),
  });
  return (
    <RichTextEditor editor={editor} labels={{ linkControlLabel: 'Link', unlinkControlLabel: 'Remove link' }}>
      <RichTextEditor.Toolbar aria-label="Footer formatting">
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Bold />
          <RichTextEditor.Italic />
          <RichTextEditor.Underline />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.BulletList />
          <RichTextEditor.Link />
          <RichTextEditor.Unlink />
        </RichTextEditor.ControlsGroup>
      </RichTextEditor.Toolbar>
      <RichTextEditor.Content mih={110} />
    </RichTextEditor>
  );
}
