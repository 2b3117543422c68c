import { ActionIcon, Badge, Button, Group, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconArrowLeft, IconDeviceFloppy, IconFileTypePdf, IconMail, IconSend } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import classes from './BuilderScreen.module.css';

interface BuilderHeaderProps {
  name: string;
  kindLabel: string;
  /** A phone: the actions are icons (with the same names) so the title keeps its room. */
  compact: boolean;
  dirty: boolean;
  saving: boolean;
  readOnly: boolean;
  onBack: () => void;
  onSave: () => void;
  onPreview: () => void;
  onTest: (() => void) | null;
  onEditEmail: (() => void) | null;
}

/** The editor's title bar: where you are, whether it is saved, and the set-wide actions. */
export function BuilderHeader({
  name,
  kindLabel,
  compact,
  dirty,
  saving,
  readOnly,
  onBack,
  onSave,
  onPreview,
  onTest,
  onEditEmail,
}: BuilderHeaderProps) {
  return (
    <header className={classes.header}>
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
        <Tooltip label="Back to the list">
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label="Back to the list" onClick={onBack}>
            <IconArrowLeft size={20} />
          </ActionIcon>
        </Tooltip>
        <div style={{ minWidth: 0 }}>
          <Text size="10px" tt="uppercase" fw={600} c="dimmed" style={{ letterSpacing: '0.08em' }}>
            {kindLabel}
          </Text>
          <Text fw={600} truncate data-testid="builder-name">
            {name}
          </Text>
        </div>
        {readOnly ? (
          <Badge variant="light" color="gray">
            View only
          </Badge>
        ) : (
          <Badge
            variant="dot"
            color={dirty ? 'orange' : 'teal'}
            data-testid="save-state"
            title={dirty ? 'Unsaved changes' : 'All changes saved'}
          >
            {/* On a phone the dot alone says it, leaving the room to the name; the words stay for screen readers. */}
            {compact ? (
              <VisuallyHidden>{dirty ? 'Unsaved changes' : 'All changes saved'}</VisuallyHidden>
            ) : dirty ? (
              'Unsaved changes'
            ) : (
              'All changes saved'
            )}
          </Badge>
        )}
      </Group>
      <Group gap="xs" wrap="nowrap">
        {onEditEmail && (
          <HeaderAction compact={compact} label="Email" icon={<IconMail size={16} />} onClick={onEditEmail} variant="subtle" />
        )}
        {onTest && <HeaderAction compact={compact} label="Test" icon={<IconSend size={16} />} onClick={onTest} variant="default" />}
        <HeaderAction compact={compact} label="Preview" icon={<IconFileTypePdf size={16} />} onClick={onPreview} variant="default" />
        {!readOnly && (
          <HeaderAction compact={compact} label="Save" icon={<IconDeviceFloppy size={16} />} onClick={onSave} loading={saving} />
        )}
      </Group>
    </header>
  );
}

/** A header button: labelled on a wide screen, an icon with the same accessible name on a phone. */
function HeaderAction({
  compact,
  label,
  icon,
  onClick,
  variant = 'filled',
  loading = false,
}: {
  compact: boolean;
  label: string;
  icon: ReactNode;
  onClick: () => void;
  variant?: 'filled' | 'default' | 'subtle';
  loading?: boolean;
}) {
  const color = variant === 'subtle' ? 'gray' : undefined;
  if (compact)
    return (
      <ActionIcon variant={variant} color={color} size="lg" aria-label={label} onClick={onClick} loading={loading}>
        {icon}
      </ActionIcon>
    );
  return (
    <Button variant={variant} color={color} leftSection={icon} onClick={onClick} loading={loading}>
      {label}
    </Button>
  );
}
