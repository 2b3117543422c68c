import { ActionIcon, Badge, Card, Group, Menu, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '../../../shared/lib/format.ts';
import { Thumbnail } from './Thumbnail.tsx';

export interface CardAction {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  danger?: boolean;
}

interface DesignCardProps {
  name: string;
  image: string;
  portrait: boolean;
  format: string;
  twoSided?: boolean;
  updatedAt?: string;
  openTo: string;
  actions: CardAction[];
  footer?: ReactNode;
}

/** One design in a grid: its thumbnail opens it; the menu holds the rest of its actions. */
export function DesignCard({ name, image, portrait, format, twoSided, updatedAt, openTo, actions, footer }: DesignCardProps) {
  return (
    <Card withBorder padding={0} radius="md" shadow="xs" data-testid="design-card">
      <UnstyledButton component={Link} to={openTo} aria-label={`Open ${name}`}>
        <Thumbnail src={image} portrait={portrait} label={name} />
      </UnstyledButton>
      <Stack gap={6} p="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div style={{ minWidth: 0 }}>
            <Text fw={600} truncate title={name}>
              {name}
            </Text>
            {updatedAt && (
              <Text size="xs" c="dimmed">
                Edited {formatDateTime(updatedAt)}
              </Text>
            )}
          </div>
          <Menu position="bottom-end" withinPortal shadow="md">
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${name}`}>
                <IconDots size={18} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              {actions.map((action) => (
                <Menu.Item key={action.label} leftSection={action.icon} color={action.danger ? 'red' : undefined} onClick={action.onClick}>
                  {action.label}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        </Group>
        <Group gap={6}>
          <Badge size="xs" variant="light" color="gray">
            {format} · {portrait ? 'Portrait' : 'Landscape'}
          </Badge>
          {twoSided && (
            <Badge size="xs" variant="light" color="blue">
              Two-sided
            </Badge>
          )}
        </Group>
        {footer}
      </Stack>
    </Card>
  );
}
