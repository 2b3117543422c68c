import '@mantine/tiptap/styles.css';
import { Input } from '@mantine/core';
import { Link, RichTextEditor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useRef } from 'react';

/**
 * Rich text for what super-admins publish (announcements, legal pages), with the toolbar of docs/product/super-admin.md#rules-and-limits:
 * undo, redo, bold, italic, strikethrough, link, blockquote, code, bullets, numbers (and headings for
 * long texts). The server sanitises the HTML on save.
 */
export function RichTextField({
  label,
  value,
  onChange,
  headings = false,
  minHeight = 160,
  error,
}: {
  label: string;
  value: string;
  onChange(html: string): void;
  headings?: boolean;
  minHeight?: number;
  error?: string | null;
}) {
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ link: false, codeBlock: false, underline: false, heading: headings ? { levels: [2, 3] } : false }),
      Link.configure({ openOnClick: false, autolink: true, protocols: ['mailto'], HTMLAttributes: { target: '_blank' } }),
    ],
    content: value,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: { attributes: { 'aria-label': label, role: 'textbox', 'aria-multiline': 'true' } },
    onUpdate: ({ editor: e }) => onChangeRef.current(e.isEmpty ? '' : e.getHTML()),
  });
  // A value loaded or replaced from outside (another item chosen) replaces the text.
  useEffect(() => {
    if (editor && value !== (editor.isEmpty ? '' : editor.getHTML())) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  return (
    <Input.Wrapper label={label} error={error}>
      <RichTextEditor editor={editor} labels={{ linkControlLabel: 'Link', unlinkControlLabel: 'Remove link' }}>
        <RichTextEditor.Toolbar aria-label={`${label} formatting`}>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Undo />
            <RichTextEditor.Redo />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Strikethrough />
          </RichTextEditor.ControlsGroup>
          {headings && (
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.H2 />
              <RichTextEditor.H3 />
            </RichTextEditor.ControlsGroup>
          )}
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
            <RichTextEditor.Blockquote />
            <RichTextEditor.Code />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content mih={minHeight} />
      </RichTextEditor>
    </Input.Wrapper>
  );
}
