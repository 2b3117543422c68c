import { ActionIcon, Group, Loader, TextInput, Tooltip } from '@mantine/core';
import { IconCheck, IconPencil, IconX } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';

interface InlineEditProps {
  value: string;
  /** Names the field for screen readers and tooltips: "title", "memo". */
  label: string;
  editing: boolean;
  onEditingChange(editing: boolean): void;
  /** Resolves when saved; a rejection keeps the field open with the text as typed. */
  onSave(next: string): Promise<unknown>;
  required?: boolean;
  placeholder?: string;
  /** Shows the value only, for someone who may not change it. */
  readOnly?: boolean;
  children: ReactNode;
}

/** A table cell that turns into a field: Enter saves, Escape cancels (docs/product/recipient-portal.md#screens inline edit of title and memo). */
export function InlineEdit({
  value,
  label,
  editing,
  onEditingChange,
  onSave,
  required = false,
  placeholder,
  readOnly = false,
  children,
}: InlineEditProps) {
  const [draft, setDraft] = useState(value);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (editing) setDraft(value);
  }, [editing, value]);

  const save = async () => {
    const next = draft.trim();
    if (next === value.trim()) return onEditingChange(false);
    if (required && !next) return;
    setSaving(true);
    try {
      await onSave(next);
      onEditingChange(false);
    } catch {
      // The caller has said why; the field stays open to fix it.
    } finally {
      setSaving(false);
    }
  };

  if (readOnly) return children;
  if (!editing) {
    return (
      <Group gap={4} wrap="nowrap" className="inline-edit">
        {children}
        <Tooltip label={`Edit ${label}`}>
          <ActionIcon variant="subtle" color="stone" size="sm" aria-label={`Edit ${label}`} onClick={() => onEditingChange(true)}>
            <IconPencil size={14} />
          </ActionIcon>
        </Tooltip>
      </Group>
    );
  }
  return (
    <Group gap={4} wrap="nowrap">
      <TextInput
        aria-label={label.charAt(0).toUpperCase() + label.slice(1)}
        size="xs"
        value={draft}
        placeholder={placeholder}
        autoFocus
        error={required && !draft.trim()}
        disabled={saving}
        onChange={(event) => setDraft(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') void save();
          if (event.key === 'Escape') onEditingChange(false);
        }}
        style={{ flex: 1, minWidth: 140 }}
      />
      {saving ? (
        <Loader size={16} />
      ) : (
        <>
          <ActionIcon variant="light" size="sm" aria-label={`Save ${label}`} onClick={() => void save()}>
            <IconCheck size={14} />
          </ActionIcon>
          <ActionIcon variant="subtle" color="stone" size="sm" aria-label="Cancel" onClick={() => onEditingChange(false)}>
            <IconX size={14} />
          </ActionIcon>
        </>
      )}
    </Group>
  );
}
