import { Select } from '@mantine/core';
import type { Editor } from '@tiptap/core';
import { useEditorState } from '@tiptap/react';
import { EMAIL_FONTS, fontLabel, PARAGRAPH_STYLES, TEXT_SIZES } from '../typography-options.ts';

const FONT_OPTIONS = EMAIL_FONTS.map((f) => ({ value: f.value, label: f.label }));

/** Paragraph style, font and size of the selection, each showing what the cursor sits in. */
export function TypographySelects({ editor }: { editor: Editor }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => {
      const level = ([1, 2, 3, 4, 5, 6] as const).find((l) => e.isActive('heading', { level: l }));
      const style = e.getAttributes('textStyle');
      const family = fontLabel(style.fontFamily as string | undefined);
      return {
        block: level ? `h${level}` : 'p',
        font: EMAIL_FONTS.find((f) => f.label === family)?.value ?? null,
        size: (style.fontSize as string | undefined) ?? null,
      };
    },
  });

  const setBlock = (value: string | null) => {
    const chain = editor.chain().focus();
    if (!value || value === 'p') chain.setParagraph().run();
    else chain.setHeading({ level: Number(value.slice(1)) as 1 | 2 | 3 | 4 | 5 | 6 }).run();
  };

  return (
    <>
      <Select
        aria-label="Paragraph style"
        size="xs"
        w={122}
        data={PARAGRAPH_STYLES as { label: string; value: string }[]}
        value={state.block}
        onChange={setBlock}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
      />
      <Select
        aria-label="Font"
        placeholder="Font"
        size="xs"
        w={150}
        data={FONT_OPTIONS}
        value={state.font}
        clearable
        onChange={(value) => (value ? editor.chain().focus().setFontFamily(value).run() : editor.chain().focus().unsetFontFamily().run())}
        comboboxProps={{ withinPortal: true }}
      />
      <Select
        aria-label="Text size"
        placeholder="Size"
        size="xs"
        w={112}
        data={TEXT_SIZES as { label: string; value: string }[]}
        value={state.size}
        clearable
        onChange={(value) => (value ? editor.chain().focus().setFontSize(value).run() : editor.chain().focus().unsetFontSize().run())}
        comboboxProps={{ withinPortal: true }}
      />
    </>
  );
}
