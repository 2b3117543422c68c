import { Button, Group, Modal, Radio, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { Separator } from '../api/send.ts';

const CHOICES: { value: Separator; label: string; char: string }[] = [
  { value: ',', label: 'Comma ( , )', char: ',' },
  { value: ';', label: 'Semicolon ( ; )', char: ';' },
  { value: ':', label: 'Colon ( : )', char: ':' },
  { value: 'tab', label: 'Tab', char: '\t' },
];

/** The separator most present in the first line: a good default that the issuer confirms. */
export function guessSeparator(firstLines: string): Separator {
  const first = firstLines.split(/\r?\n/)[0] ?? '';
  let best = CHOICES[0]!;
  for (const choice of CHOICES) if (first.split(choice.char).length > first.split(best.char).length) best = choice;
  return best.value;
}

/** A rough split for the preview only: the server's parser handles quotes properly. */
const split = (line: string, char: string) => line.split(char).map((c) => c.replace(/^"|"$/g, ''));

/**
 * docs/product/send-wizard.md#screens: a CSV separator dialog offering comma, semicolon, colon and tab. The first lines are
 * shown split by the chosen separator, so the issuer sees at once whether the columns come apart.
 */
export function SeparatorDialog({
  file,
  sample,
  onCancel,
  onConfirm,
}: {
  file: File | null;
  sample: string;
  onCancel: () => void;
  onConfirm: (separator: Separator) => void;
}) {
  const [separator, setSeparator] = useState<Separator>(',');
  useEffect(() => {
    if (file) setSeparator(guessSeparator(sample));
  }, [file, sample]);
  const char = CHOICES.find((c) => c.value === separator)!.char;
  const lines = sample
    .split(/\r?\n/)
    .filter((l) => l.trim())
    .slice(0, 4);
  const width = Math.min(8, Math.max(...lines.map((l) => split(l, char).length), 1));

  return (
    <Modal opened={file !== null} onClose={onCancel} title="How are the columns separated?" size="lg">
      <Stack gap="md">
        <Text size="sm" c="stone.7">
          {file?.name} is a text file. Choose the character between its columns; the preview shows the result.
        </Text>
        <Radio.Group label="Column separator" value={separator} onChange={(value) => setSeparator(value as Separator)}>
          <Group mt="xs" gap="lg">
            {CHOICES.map((c) => (
              <Radio key={c.value} value={c.value} label={c.label} />
            ))}
          </Group>
        </Radio.Group>
        <ScrollArea type="auto">
          <Table withTableBorder withColumnBorders fz="xs" aria-label="File preview">
            <Table.Tbody>
              {lines.map((line, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a read-only preview of the file's lines and cells, which may repeat; their position is their identity
                <Table.Tr key={i} fw={i === 0 ? 600 : undefined}>
                  {split(line, char)
                    .slice(0, width)
                    .map((cell, j) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: a read-only preview of the file's lines and cells, which may repeat; their position is their identity
                      <Table.Td key={j} style={{ whiteSpace: 'nowrap', maxWidth: 200, overflow: 'hidden', textOverflow: 'ellipsis' }}>
                        {cell}
                      </Table.Td>
                    ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button onClick={() => onConfirm(separator)}>Import file</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
