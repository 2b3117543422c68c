import { EMAIL_DESIGN_MESSAGES, isWhite, parseColor } from '@laurel/domain';
import { Button, ColorPicker, Group, Popover, Stack, Text, TextInput } from '@mantine/core';
import { RichTextEditor } from '@mantine/tiptap';
import { IconHighlight, IconTextColor } from '@tabler/icons-react';
import type { Editor } from '@tiptap/core';
import { useState } from 'react';
import { notifyError } from '../../../shared/lib/notify.ts';

const TEXT_SWATCHES = [
  '#17201a',
  '#4a534b',
  '#858f85',
  '#c92a2a',
  '#e8590c',
  '#f08c00',
  '#2f9e44',
  '#1f7550',
  '#1971c2',
  '#3b5bdb',
  '#7048e8',
  '#c2255c',
];
const HIGHLIGHT_SWATCHES = ['#fff3bf', '#ffec99', '#d3f9d8', '#c3fae8', '#d0ebff', '#e5dbff', '#ffdeeb', '#ffe8cc', '#f1f3f5'];

interface ColorControlProps {
  editor: Editor;
  kind: 'text' | 'highlight';
}

/**
 * Text colour or highlight for the selection. White text is refused (docs/product/email-editor.md#rules-and-limits): on the white
 * message it would hide words from the reader while spam filters still read them.
 */
export function ColorControl({ editor, kind }: ColorControlProps) {
  const [opened, setOpened] = useState(false);
  const [color, setColor] = useState(kind === 'text' ? TEXT_SWATCHES[0]! : HIGHLIGHT_SWATCHES[0]!);
  const label = kind === 'text' ? 'Text colour' : 'Highlight colour';

  const rgb = parseColor(color);

  const apply = () => {
    if (!rgb) return;
    if (kind === 'text' && isWhite(rgb)) {
      notifyError(EMAIL_DESIGN_MESSAGES.whiteText);
      return;
    }
    if (kind === 'text') editor.chain().focus().setColor(color).run();
    else editor.chain().focus().setHighlight({ color }).run();
    setOpened(false);
  };

  const remove = () => {
    if (kind === 'text') editor.chain().focus().unsetColor().run();
    else editor.chain().focus().unsetHighlight().run();
    setOpened(false);
  };

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom" withArrow shadow="md" trapFocus>
      <Popover.Target>
        <RichTextEditor.Control aria-label={label} title={label} onClick={() => setOpened((o) => !o)}>
          {kind === 'text' ? <IconTextColor size={16} stroke={1.6} /> : <IconHighlight size={16} stroke={1.6} />}
        </RichTextEditor.Control>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" w={220}>
          <Text size="sm" fw={600}>
            {label}
          </Text>
          <ColorPicker
            format="hex"
            value={rgb ? color : '#000000'}
            onChange={setColor}
            swatches={kind === 'text' ? TEXT_SWATCHES : HIGHLIGHT_SWATCHES}
            swatchesPerRow={6}
            fullWidth
            aria-label={`${label} picker`}
          />
          <TextInput
            size="xs"
            label="Hex colour"
            value={color}
            onChange={(e) => setColor(e.currentTarget.value.trim())}
            error={rgb ? null : 'Enter a colour such as #1f7550.'}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                apply();
              }
            }}
          />
          <Group justify="space-between" gap="xs">
            <Button variant="subtle" size="compact-sm" color="gray" onClick={remove}>
              Remove
            </Button>
            <Button size="compact-sm" onClick={apply} disabled={!rgb}>
              Apply
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
