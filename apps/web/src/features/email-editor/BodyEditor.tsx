import '@mantine/tiptap/styles.css';
import { EMAIL_BODY_MAX_LENGTH } from '@laurel/domain';
import { Box, Group, Text, Textarea } from '@mantine/core';
import { RichTextEditor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import { type RefObject, useEffect, useRef, useState } from 'react';
import classes from './BodyEditor.module.css';
import { type BodyMode, BodyToolbar } from './BodyToolbar.tsx';
import { HTML_SOURCE_META } from './extensions/empty-lines-guard.ts';
import { emailEditorExtensions } from './extensions/index.ts';
import { ImageBar } from './ImageBar.tsx';
import { useCursorGuard } from './useCursorGuard.ts';

export interface BodyEditorProps {
  value: string;
  onChange: (html: string) => void;
  readOnly: boolean;
  /** The email's font and size, so the body reads here as it will in the message. */
  fontFamily: string;
  fontSize: string;
  /** The download button's colours, for the field that becomes it. */
  buttonColors: { color: string; background: string };
  dataFields: string[];
  logo: string | null;
  accountName: string;
  onAttach?: (file: File) => Promise<void>;
  /** Filled with a reader of the body's words, for the plain-text version. */
  textSource?: RefObject<() => string>;
}

/** The default height of the writing area (docs/product/email-editor.md#rules-and-limits); the issuer can drag it taller or shorter. */
const AREA_HEIGHT = 500;

/**
 * The rich-text body of the email: TipTap through Mantine, with a Text/HTML switch. In HTML mode the
 * source is edited as text and parsed back into the editor on the way out, so what is saved is always
 * HTML the editor understands.
 */
export function BodyEditor({
  value,
  onChange,
  readOnly,
  fontFamily,
  fontSize,
  buttonColors,
  dataFields,
  logo,
  accountName,
  onAttach,
  textSource,
}: BodyEditorProps) {
  const [mode, setMode] = useState<BodyMode>('text');
  const [source, setSource] = useState(value);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  const editor = useEditor({
    extensions: emailEditorExtensions(),
    content: value,
    editable: !readOnly,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: { attributes: { 'aria-label': 'Email body', role: 'textbox', 'aria-multiline': 'true' } },
    onUpdate: ({ editor: e }) => onChangeRef.current(e.getHTML()),
  });
  const requireCursor = useCursorGuard(editor);

  // Without emitting an update: switching to read-only is not an edit of the body.
  useEffect(() => {
    if (editor && editor.isEditable === readOnly) editor.setEditable(!readOnly, false);
  }, [editor, readOnly]);

  useEffect(() => {
    if (textSource) textSource.current = () => editor?.getText({ blockSeparator: '\n\n' }).trim() ?? '';
  }, [editor, textSource]);

  const switchMode = (next: BodyMode) => {
    if (!editor || next === mode) return;
    if (next === 'html') {
      setSource(editor.getHTML());
    } else {
      // The source is parsed as it stands; the editor drops what it cannot represent.
      editor
        .chain()
        .command(({ tr }) => {
          tr.setMeta(HTML_SOURCE_META, true);
          return true;
        })
        .setContent(source, { emitUpdate: false })
        .run();
      onChange(editor.getHTML());
    }
    setMode(next);
  };

  const length = mode === 'html' ? source.length : value.length;
  const over = length > EMAIL_BODY_MAX_LENGTH;

  return (
    <Box>
      <RichTextEditor
        editor={editor}
        className={classes.root}
        labels={{ hrControlLabel: 'Horizontal rule', clearFormattingControlLabel: 'Clear formatting' }}
      >
        {!readOnly && editor && (
          <BodyToolbar
            editor={editor}
            mode={mode}
            onModeChange={switchMode}
            requireCursor={requireCursor}
            dataFields={dataFields}
            logo={logo}
            accountName={accountName}
            onAttach={onAttach}
          />
        )}
        {editor && mode === 'text' && <ImageBar editor={editor} />}
        <Box
          className={classes.area}
          style={{
            height: AREA_HEIGHT,
            fontFamily,
            fontSize: fontSize === 'inherit' ? undefined : `${fontSize.replace(/px$/, '')}px`,
            '--email-button-background': buttonColors.background,
            '--email-button-color': buttonColors.color,
          }}
          hidden={mode !== 'text'}
        >
          <RichTextEditor.Content className={classes.content} />
        </Box>
        {mode === 'html' && (
          <Textarea
            aria-label="HTML source"
            className={classes.source}
            value={source}
            onChange={(event) => {
              setSource(event.currentTarget.value);
              onChange(event.currentTarget.value);
            }}
            readOnly={readOnly}
            spellCheck={false}
            styles={{
              input: {
                height: AREA_HEIGHT,
                resize: 'vertical',
                fontFamily: 'var(--mantine-font-family-monospace)',
                fontSize: 13,
                border: 0,
                borderRadius: 0,
              },
            }}
          />
        )}
      </RichTextEditor>
      <Group justify="space-between" mt={6}>
        <Text size="xs" c="dimmed">
          {mode === 'html'
            ? 'Editing the HTML source. Switch back to Text to see it formatted.'
            : 'Fields in brackets, such as [FIRST NAME], are filled in for each recipient.'}
        </Text>
        <Text size="xs" c={over ? 'red' : 'dimmed'} fw={over ? 600 : 400} aria-live="polite" data-testid="body-counter">
          {length} / {EMAIL_BODY_MAX_LENGTH}
        </Text>
      </Group>
    </Box>
  );
}
