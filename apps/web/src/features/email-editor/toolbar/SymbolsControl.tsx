import { Popover, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { RichTextEditor } from '@mantine/tiptap';
import { IconOmega } from '@tabler/icons-react';
import type { Editor } from '@tiptap/core';
import { useState } from 'react';
import { SYMBOLS } from '../symbols.ts';
import classes from './SymbolsControl.module.css';

/** The grid of special characters; a click inserts one at the cursor and keeps the grid open. */
export function SymbolsControl({ editor }: { editor: Editor }) {
  const [opened, setOpened] = useState(false);
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom" withArrow shadow="md">
      <Popover.Target>
        <RichTextEditor.Control aria-label="Insert symbol" title="Insert symbol" onClick={() => setOpened((o) => !o)}>
          <IconOmega size={16} stroke={1.6} />
        </RichTextEditor.Control>
      </Popover.Target>
      <Popover.Dropdown p="xs">
        <Text size="xs" c="dimmed" mb={6}>
          Special characters
        </Text>
        <SimpleGrid cols={10} spacing={2} role="group" aria-label="Special characters">
          {SYMBOLS.map((symbol) => (
            <UnstyledButton
              key={symbol.char}
              className={classes.symbol}
              aria-label={symbol.name}
              title={symbol.name}
              onClick={() => editor.chain().focus().insertContent(symbol.char).run()}
            >
              {symbol.char}
            </UnstyledButton>
          ))}
        </SimpleGrid>
      </Popover.Dropdown>
    </Popover>
  );
}
