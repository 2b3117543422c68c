import { ActionIcon, Menu, Tooltip } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import type { ActionItem } from './useRecipientActions.tsx';

/** A row's actions behind one button, so the table stays readable. */
export function ActionsMenu({ label, items }: { label: string; items: ActionItem[] }) {
  const safe = items.filter((i) => !i.danger);
  const danger = items.filter((i) => i.danger);
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={210}>
      <Menu.Target>
        <ActionIcon variant="subtle" color="stone" aria-label={label}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {safe.map((item) => (
          <MenuEntry key={item.key} item={item} />
        ))}
        {danger.length > 0 && <Menu.Divider />}
        {danger.map((item) => (
          <MenuEntry key={item.key} item={item} />
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

function MenuEntry({ item }: { item: ActionItem }) {
  const entry = (
    <Menu.Item leftSection={item.icon} onClick={item.onClick} disabled={item.disabled} color={item.danger ? 'red' : undefined}>
      {item.label}
    </Menu.Item>
  );
  return item.hint ? (
    <Tooltip label={item.hint} position="left">
      <div>{entry}</div>
    </Tooltip>
  ) : (
    entry
  );
}
