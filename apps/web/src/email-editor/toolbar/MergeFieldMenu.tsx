import { Button, Menu } from '@mantine/core';
import { IconBraces, IconChevronDown } from '@tabler/icons-react';
import type { Editor } from '@tiptap/core';
import { STANDARD_FIELDS } from '../data-fields.ts';

/**
 * Inserts a merge field at the cursor: the product's fields and the certificate's own data fields,
 * which each recipient's copy fills from their imported row.
 */
export function MergeFieldMenu({ editor, dataFields }: { editor: Editor; dataFields: string[] }) {
  const insert = (field: string) => editor.chain().focus().insertContent(field).run();
  return (
    <Menu position="bottom-end" shadow="md" width={260} withinPortal>
      <Menu.Target>
        <Button variant="light" size="compact-sm" leftSection={<IconBraces size={14} />} rightSection={<IconChevronDown size={14} />}>
          Insert field
        </Button>
      </Menu.Target>
      <Menu.Dropdown mah={360} style={{ overflowY: 'auto' }}>
        <Menu.Label>Recipient and account</Menu.Label>
        {STANDARD_FIELDS.map((f) => (
          <Menu.Item key={f.field} onClick={() => insert(f.field)} rightSection={<code style={{ fontSize: 11 }}>{f.field}</code>}>
            {f.label}
          </Menu.Item>
        ))}
        {dataFields.length > 0 && <Menu.Label>This certificate’s data</Menu.Label>}
        {dataFields.map((field) => (
          <Menu.Item key={field} onClick={() => insert(field)}>
            {field}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
