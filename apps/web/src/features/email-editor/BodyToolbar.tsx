import { Button, Group, SegmentedControl } from '@mantine/core';
import { RichTextEditor } from '@mantine/tiptap';
import { IconBraces, IconChevronDown } from '@tabler/icons-react';
import type { Editor } from '@tiptap/core';
import { AttachControl } from './toolbar/AttachControl.tsx';
import { ColorControl } from './toolbar/ColorControl.tsx';
import { ImageUploadControl } from './toolbar/ImageUploadControl.tsx';
import { LinkControl } from './toolbar/LinkControl.tsx';
import { LogoControl } from './toolbar/LogoControl.tsx';
import { MergeFieldMenu } from './toolbar/MergeFieldMenu.tsx';
import { SymbolsControl } from './toolbar/SymbolsControl.tsx';
import { TypographySelects } from './toolbar/TypographySelects.tsx';

export type BodyMode = 'text' | 'html';

export interface BodyToolbarProps {
  editor: Editor;
  mode: BodyMode;
  onModeChange: (mode: BodyMode) => void;
  requireCursor: () => boolean;
  dataFields: string[];
  logo: string | null;
  accountName: string;
  /** Absent where attachments do not apply (global templates). */
  onAttach?: (file: File) => Promise<void>;
}

/** The toolbar groups of docs/product/email-editor.md#rich-text-editor, in its order, with the Text/HTML switch at the end. */
export function BodyToolbar({ editor, mode, onModeChange, requireCursor, dataFields, logo, accountName, onAttach }: BodyToolbarProps) {
  const visual = mode === 'text';
  return (
    <RichTextEditor.Toolbar sticky stickyOffset={64} aria-label="Formatting">
      {visual && (
        <>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.Strikethrough />
            <RichTextEditor.Subscript />
            <RichTextEditor.Superscript />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
            <RichTextEditor.Blockquote />
            <RichTextEditor.AlignLeft />
            <RichTextEditor.AlignCenter />
            <RichTextEditor.AlignRight />
            <RichTextEditor.AlignJustify />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Undo />
            <RichTextEditor.Redo />
            <RichTextEditor.ClearFormatting />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <ColorControl editor={editor} kind="text" />
            <ColorControl editor={editor} kind="highlight" />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <LinkControl editor={editor} requireCursor={requireCursor} />
            <RichTextEditor.Unlink />
            <ImageUploadControl editor={editor} requireCursor={requireCursor} />
            <LogoControl editor={editor} logo={logo} accountName={accountName} requireCursor={requireCursor} />
            <RichTextEditor.Hr />
            <SymbolsControl editor={editor} />
          </RichTextEditor.ControlsGroup>
          {onAttach && (
            <RichTextEditor.ControlsGroup>
              <AttachControl onAttach={onAttach} requireCursor={requireCursor} />
            </RichTextEditor.ControlsGroup>
          )}
          <Group gap={6} wrap="wrap">
            <TypographySelects editor={editor} />
          </Group>
        </>
      )}
      <Group gap="xs" ml="auto" wrap="nowrap">
        {visual && (
          <MergeFieldMenu
            withDownloadLink
            dataFields={dataFields}
            onPick={(field) => editor.chain().focus().insertContent(field).run()}
            target={
              <Button variant="light" size="compact-sm" leftSection={<IconBraces size={14} />} rightSection={<IconChevronDown size={14} />}>
                Insert field
              </Button>
            }
          />
        )}
        <SegmentedControl
          size="xs"
          aria-label="Editing mode"
          value={mode}
          onChange={(value) => onModeChange(value as BodyMode)}
          data={[
            { label: 'Text', value: 'text' },
            { label: 'HTML', value: 'html' },
          ]}
        />
      </Group>
    </RichTextEditor.Toolbar>
  );
}
