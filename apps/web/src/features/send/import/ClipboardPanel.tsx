import { Alert, Button, Group, ScrollArea, Stack, Table, Text, Textarea } from '@mantine/core';
import { IconArrowRight, IconClipboard, IconInfoCircle } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { errorMessage } from '../../../shared/api/errors.ts';
import { plural } from '../../../shared/lib/format.ts';
import { notifyError } from '../../../shared/lib/notify.ts';
import { importList } from '../api/send.ts';
import type { ImportTable } from '../rows.ts';

/** Rows and columns as a spreadsheet puts them on the clipboard: lines of tab-separated cells. */
function measure(text: string) {
  const lines = text.split(/\r?\n/).filter((l) => l.trim());
  const columns = lines.reduce((max, l) => Math.max(max, l.split('\t').length), 0);
  return { lines: lines.length, columns, first: lines.slice(0, 4).map((l) => l.split('\t')) };
}

const EXAMPLE = ['First name\tLast name\tEmail', 'Ada\tLovelace\tada@example.com', 'Alan\tTuring\talan@example.com'].join('\n');

/**
 * Paste from a spreadsheet. The text goes to the same parser as an uploaded file (as a
 * tab-separated file), so quoting, header detection and limits are the same for both.
 */
export function ClipboardPanel({
  text,
  onText,
  onTable,
}: {
  /** What is in the box: kept by the wizard, so Back finds it again. */
  text: string;
  onText: (text: string) => void;
  onTable: (table: ImportTable, pasted: string) => void;
}) {
  const setText = onText;
  const { lines, columns, first } = measure(text);
  const parse = useMutation({
    mutationFn: () => importList(new Blob([text], { type: 'text/tab-separated-values' }), 'clipboard.tsv', 'tab'),
    onSuccess: (table) => onTable({ headers: table.headers, rows: table.data, kind: 'clipboard', filename: null }, text),
  });

  const readClipboard = async () => {
    try {
      const pasted = await navigator.clipboard.readText();
      if (!pasted.trim()) return notifyError('The clipboard is empty. Copy the rows in your spreadsheet first.');
      setText(pasted);
    } catch {
      notifyError('Your browser did not let Laurel read the clipboard. Click in the box and press Ctrl+V (⌘V on a Mac).');
    }
  };

  return (
    <Stack gap="md">
      <Text size="sm" c="stone.7">
        In Excel, Google Sheets or Numbers, select your rows <b>including the header row</b>, copy them, and paste them here.
      </Text>
      <Group>
        <Button variant="light" leftSection={<IconClipboard size={16} />} onClick={readClipboard}>
          Paste from clipboard
        </Button>
      </Group>
      <Textarea
        label="Spreadsheet rows"
        description="One recipient per line; columns separated by tabs, as spreadsheets copy them."
        placeholder={EXAMPLE}
        autosize
        minRows={7}
        maxRows={16}
        wrap="off"
        value={text}
        onChange={(event) => {
          setText(event.currentTarget.value);
          parse.reset();
        }}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13, tabSize: 16 } }}
      />
      {text.trim() && (
        <Text size="sm" c={columns > 1 ? 'laurel.8' : 'orange.8'} aria-live="polite">
          {columns > 1
            ? `${plural(lines, 'line')} and ${plural(columns, 'column')} found.`
            : 'No columns found yet: copy cells from a spreadsheet so that the columns are separated by tabs.'}
        </Text>
      )}
      {columns > 1 && (
        <ScrollArea type="auto">
          <Table withTableBorder withColumnBorders fz="xs" aria-label="Pasted rows" miw={360}>
            <Table.Tbody>
              {first.map((cells, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a read-only preview of pasted rows and cells, which may repeat; their position is their identity
                <Table.Tr key={i} bg={i === 0 ? 'stone.0' : undefined}>
                  {Array.from({ length: Math.min(columns, 8) }, (_, j) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a read-only preview of pasted rows and cells, which may repeat; their position is their identity
                    <Table.Td key={j} style={{ whiteSpace: 'nowrap', maxWidth: 220, overflow: 'hidden', textOverflow: 'ellipsis' }}>
                      {cells[j] ?? ''}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
      {parse.isError && (
        <Alert color="red" icon={<IconInfoCircle size={18} />} title="These rows could not be read">
          {errorMessage(parse.error)}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button
          rightSection={<IconArrowRight size={16} />}
          disabled={!text.trim()}
          loading={parse.isPending}
          onClick={() => parse.mutate()}
        >
          Continue
        </Button>
      </Group>
    </Stack>
  );
}
