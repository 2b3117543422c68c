import type { Mapping, MappingRule } from '@laurel/domain';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, errorMessage } from '../../../shared/api/errors.ts';
import { openUpgradeDialog } from '../../../shared/components/plan-dialogs.tsx';
import { notifySuccess } from '../../../shared/lib/notify.ts';
import { saveMapping } from '../api/mappings.ts';
import { sendKeys } from '../query-keys.ts';

export type SaveDialogView = 'ask' | 'save';

interface SaveMappingDialogProps {
  /** Null when closed; 'ask' after mapping (docs/product/send-wizard.md#screens), 'save' when the issuer chose to save. */
  view: SaveDialogView | null;
  /** The view the dialog opened with: Back returns to it. */
  initialView: SaveDialogView;
  suggestedName: string;
  rules: MappingRule[];
  onView: (view: SaveDialogView | null) => void;
  onSkip: () => void;
  onSaved: (mapping: Mapping) => void;
}

/**
 * docs/product/billing-and-credits.md#screens: after mapping, premium accounts are offered to keep the mapping. Saving shows a save
 * view; Back returns to the first view; Skip goes straight on to the preview.
 */
export function SaveMappingDialog({ view, initialView, suggestedName, rules, onView, onSkip, onSaved }: SaveMappingDialogProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [name, setName] = useState(suggestedName);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (view === initialView) {
      setName(suggestedName);
      setError(null);
    }
  }, [view, initialView, suggestedName]);

  const save = useMutation({
    mutationFn: () => saveMapping({ name: name.trim(), rules }),
    onSuccess: ({ mapping }) => {
      notifySuccess('Saved mapping');
      void queryClient.invalidateQueries({ queryKey: sendKeys.mappings() });
      onSaved(mapping);
    },
    onError: (failure) => {
      if (failure instanceof ApiError && failure.body.error_type === 'upgrade') {
        onView(null);
        return openUpgradeDialog(navigate, errorMessage(failure));
      }
      setError(errorMessage(failure));
    },
  });

  return (
    <Modal opened={view !== null} onClose={() => onView(null)} title={view === 'ask' ? 'Save this mapping for next time?' : 'Save mapping'}>
      {view === 'ask' ? (
        <Stack gap="md">
          <Text size="sm" c="stone.7">
            Next time you import a list with the same columns, pick this mapping and every column is matched for you.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onSkip}>
              Skip
            </Button>
            <Button leftSection={<IconDeviceFloppy size={16} />} onClick={() => onView('save')}>
              Save mapping
            </Button>
          </Group>
        </Stack>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (!name.trim()) return setError('Mapping name is required.');
            save.mutate();
          }}
        >
          <Stack gap="md">
            <TextInput
              label="Mapping name"
              description="Shown in the list of saved mappings."
              value={name}
              onChange={(event) => {
                setName(event.currentTarget.value);
                setError(null);
              }}
              error={error}
              maxLength={120}
              data-autofocus
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => (initialView === 'ask' ? onView('ask') : onView(null))}>
                Back
              </Button>
              <Button type="submit" loading={save.isPending}>
                {initialView === 'ask' ? 'Save and continue' : 'Save mapping'}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
