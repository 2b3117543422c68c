import { Button, Checkbox, Menu, Stack, Text } from '@mantine/core';
import { IconColumns } from '@tabler/icons-react';

export interface ColumnChoice {
  key: string;
  label: string;
}

/** Chooses which columns a table shows; at least one stays. */
export function ColumnPicker({
  columns,
  visible,
  onChange,
}: {
  columns: ColumnChoice[];
  visible: string[];
  onChange(next: string[]): void;
}) {
  const toggle = (key: string) => {
    const next = visible.includes(key)
      ? visible.filter((k) => k !== key)
      : columns.map((c) => c.key).filter((k) => k === key || visible.includes(k));
    if (next.length) onChange(next);
  };
  return (
    <Menu position="bottom-end" shadow="md" closeOnItemClick={false} width={230}>
      <Menu.Target>
        <Button variant="default" size="sm" leftSection={<IconColumns size={16} />}>
          Columns
        </Button>
      </Menu.Target>
      <Menu.Dropdown p="sm">
        <Text size="xs" fw={600} c="stone.6" tt="uppercase" mb="xs">
          Show columns
        </Text>
        <Stack gap={8}>
          {columns.map((column) => (
            <Checkbox
              key={column.key}
              size="sm"
              label={column.label}
              checked={visible.includes(column.key)}
              onChange={() => toggle(column.key)}
            />
          ))}
        </Stack>
      </Menu.Dropdown>
    </Menu>
  );
}
