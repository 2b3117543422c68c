import { ActionIcon, Badge, Button, Group, Text, Tooltip } from '@mantine/core';
import { IconArrowLeft, IconDeviceFloppy, IconFileTypePdf, IconMail, IconSend } from '@tabler/icons-react';
import classes from './BuilderScreen.module.css';

interface BuilderHeaderProps {
  name: string;
  kindLabel: string;
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
          <Badge variant="dot" color={dirty ? 'orange' : 'teal'} data-testid="save-state">
            {dirty ? 'Unsaved changes' : 'All changes saved'}
          </Badge>
        )}
      </Group>
      <Group gap="xs" wrap="nowrap">
        {onEditEmail && (
          <Button variant="subtle" color="gray" leftSection={<IconMail size={16} />} onClick={onEditEmail}>
            Email
          </Button>
        )}
        {onTest && (
          <Button variant="default" leftSection={<IconSend size={16} />} onClick={onTest}>
            Test
          </Button>
        )}
        <Button variant="default" leftSection={<IconFileTypePdf size={16} />} onClick={onPreview}>
          Preview
        </Button>
        {!readOnly && (
          <Button leftSection={<IconDeviceFloppy size={16} />} onClick={onSave} loading={saving}>
            Save
          </Button>
        )}
      </Group>
    </header>
  );
}
