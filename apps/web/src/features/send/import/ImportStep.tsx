import { Button, Group, Paper, Tabs } from '@mantine/core';
import { IconArrowLeft, IconClipboardText, IconKeyboard, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import type { RecipientValues, SendCertificate } from '../api/send.ts';
import type { ImportTable, RecipientRow } from '../rows.ts';
import type { WizardDraft } from '../wizard-draft.ts';
import { ClipboardPanel } from './ClipboardPanel.tsx';
import { ManualEntry } from './ManualEntry.tsx';
import { UploadPanel } from './UploadPanel.tsx';

type Choice = 'clipboard' | 'upload' | 'manual';

const CHOICE_OF: Record<ImportTable['kind'], Choice> = { clipboard: 'clipboard', file: 'upload', manual: 'manual' };

/**
 * Step 2: three ways in (docs/product/send-wizard.md#screens): paste from a spreadsheet, upload a file, or type them in. Coming
 * back to it, the way chosen before is open with what was pasted, uploaded or typed.
 */
export function ImportStep({
  certificate,
  draft,
  onPasted,
  onManualRows,
  onTable,
  onManual,
  onBack,
}: {
  certificate: SendCertificate;
  draft: WizardDraft;
  onPasted: (text: string) => void;
  onManualRows: (rows: RecipientValues[]) => void;
  onTable: (table: ImportTable, pasted?: string) => void;
  onManual: (rows: RecipientRow[]) => void;
  onBack: () => void;
}) {
  const [choice, setChoice] = useState<Choice>(draft.table ? CHOICE_OF[draft.table.kind] : 'clipboard');
  return (
    <>
      <Paper withBorder radius="md" p={0}>
        <Tabs value={choice} onChange={(value) => value && setChoice(value as Choice)} keepMounted={false}>
          <Tabs.List px="sm" pt="xs" aria-label="How to add recipients">
            <Tabs.Tab value="clipboard" leftSection={<IconClipboardText size={16} />}>
              Paste from a spreadsheet
            </Tabs.Tab>
            <Tabs.Tab value="upload" leftSection={<IconUpload size={16} />}>
              Upload a file
            </Tabs.Tab>
            <Tabs.Tab value="manual" leftSection={<IconKeyboard size={16} />}>
              Type them in
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="clipboard" p={{ base: 'md', sm: 'lg' }}>
            <ClipboardPanel text={draft.pasted} onText={onPasted} onTable={onTable} />
          </Tabs.Panel>
          <Tabs.Panel value="upload" p={{ base: 'md', sm: 'lg' }}>
            <UploadPanel certificate={certificate} current={draft.table?.kind === 'file' ? draft.table : null} onTable={onTable} />
          </Tabs.Panel>
          <Tabs.Panel value="manual" p={{ base: 'md', sm: 'lg' }}>
            <ManualEntry certificate={certificate} rows={draft.manual} onRows={onManualRows} onDone={onManual} />
          </Tabs.Panel>
        </Tabs>
      </Paper>
      <Group mt="lg">
        <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={onBack}>
          Choose another certificate
        </Button>
      </Group>
    </>
  );
}
