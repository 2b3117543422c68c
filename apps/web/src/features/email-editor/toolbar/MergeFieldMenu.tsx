import { MERGE_FIELDS } from '@laurel/domain';
import { Menu } from '@mantine/core';
import type { ReactElement } from 'react';
import { STANDARD_FIELDS } from '../data-fields.ts';

interface MergeFieldMenuProps {
  /** The control that opens the menu. */
  target: ReactElement;
  onPick: (field: string) => void;
  dataFields: string[];
  /** The download button may only go into the body (docs/product/email-editor.md#rules-and-limits). */
  withDownloadLink: boolean;
}

/**
 * The merge fields an issuer can insert: the product's fields and the certificate's own data fields,
 * which each recipient's copy fills from their imported row.
 */
export function MergeFieldMenu({ target, onPick, dataFields, withDownloadLink }: MergeFieldMenuProps) {
  const standard = STANDARD_FIELDS.filter((f) => withDownloadLink || f.field !== MERGE_FIELDS.downloadLink);
  return (
    <Menu position="bottom-end" shadow="md" width={280} withinPortal>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown mah={360} style={{ overflowY: 'auto' }}>
        <Menu.Label>Recipient and account</Menu.Label>
        {standard.map((f) => (
          <Menu.Item
            key={f.field}
            onClick={() => onPick(f.field)}
            rightSection={<code style={{ fontSize: 11, opacity: 0.7 }}>{f.field}</code>}
          >
            {f.label}
          </Menu.Item>
        ))}
        {dataFields.length > 0 && <Menu.Label>This certificate’s data</Menu.Label>}
        {dataFields.map((field) => (
          <Menu.Item key={field} onClick={() => onPick(field)}>
            {field}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
