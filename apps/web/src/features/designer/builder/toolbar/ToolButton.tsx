import { ActionIcon, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';

interface ToolButtonProps {
  label: string;
  shortcut?: string;
  active?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}

/** An icon button with its name as accessible label and tooltip (and the shortcut, when it has one). */
export function ToolButton({ label, shortcut, active, disabled, onClick, children }: ToolButtonProps) {
  return (
    <Tooltip label={shortcut ? `${label} (${shortcut})` : label} openDelay={400} withArrow>
      <ActionIcon
        aria-label={label}
        aria-pressed={active}
        variant={active ? 'light' : 'subtle'}
        color={active ? 'blue' : 'gray'}
        size={30}
        radius="md"
        disabled={disabled}
        onClick={onClick}
      >
        {children}
      </ActionIcon>
    </Tooltip>
  );
}
