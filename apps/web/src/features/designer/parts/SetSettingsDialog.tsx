import {
  ACHIEVEMENT_CRITERIA_MAX,
  ACHIEVEMENT_DESCRIPTION_MAX,
  type CertificateSetUpdate,
  type CertificateSetWithUploads,
  defaultAchievementCriteria,
  defaultAchievementDescription,
} from '@laurel/domain';
import { Button, Divider, Group, Modal, Skeleton, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LoadFailed } from '../../../shared/components/LoadFailed.tsx';
import { getCertificateSet } from '../api.ts';
import { designerKeys } from '../query-keys.ts';

/** What the dialog saves: the set's name and what its credentials say of the achievement. */
export type SetSettings = Required<Pick<CertificateSetUpdate, 'name' | 'achievement_description' | 'achievement_criteria'>>;

interface SetSettingsDialogProps {
  /** The set being edited; null when the dialog is closed. */
  setId: number | null;
  /** The account's name, as the default sentences name the issuer. */
  issuerName: string;
  busy: boolean;
  onClose: () => void;
  onSubmit: (settings: SetSettings) => void;
}

const counter = (value: string, max: number) => `${value.length.toLocaleString('en-US')} / ${max.toLocaleString('en-US')}`;

/**
 * A set's settings: its name, and the achievement its Open Badges credentials describe (what recipients'
 * digital wallets show). Left empty, the description and criteria are the default sentences, shown in grey as the fields' hints.
 */
export function SetSettingsDialog({ setId, issuerName, busy, onClose, onSubmit }: SetSettingsDialogProps) {
  // The last set shown stays while the dialog closes, so its content does not flash back to loading.
  const [shown, setShown] = useState(setId);
  if (setId !== null && setId !== shown) setShown(setId);
  // The editor's own query of the set: one copy of it in the cache, refreshed when either saves.
  const set = useQuery({
    queryKey: designerKeys.setCertificates(shown),
    queryFn: () => getCertificateSet(shown!),
    enabled: shown !== null,
  });
  return (
    <Modal opened={setId !== null} onClose={onClose} title="Certificate set settings" size="lg" centered>
      {set.isPending && (
        <Stack gap="md" aria-busy>
          <Skeleton h={56} />
          <Skeleton h={96} />
          <Skeleton h={96} />
        </Stack>
      )}
      {set.isError && <LoadFailed title="The settings could not be loaded" error={set.error} onRetry={() => void set.refetch()} />}
      {set.data && (
        // A newer copy of the set starts the form afresh.
        <SettingsForm key={set.data.updated_at} set={set.data} issuerName={issuerName} busy={busy} onClose={onClose} onSubmit={onSubmit} />
      )}
    </Modal>
  );
}

function SettingsForm({
  set,
  issuerName,
  busy,
  onClose,
  onSubmit,
}: {
  set: CertificateSetWithUploads;
  issuerName: string;
  busy: boolean;
  onClose: () => void;
  onSubmit: (settings: SetSettings) => void;
}) {
  const [name, setName] = useState(set.name);
  const [description, setDescription] = useState(set.achievement_description);
  const [criteria, setCriteria] = useState(set.achievement_criteria);
  const trimmed = name.trim();
  // The grey hints follow the name as it is typed: they are what the credentials will say.
  const shownName = trimmed || set.name;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (trimmed) onSubmit({ name: trimmed, achievement_description: description.trim(), achievement_criteria: criteria.trim() });
      }}
    >
      <Stack gap="md">
        <TextInput
          label="Certificate name"
          description="Also the name of the achievement in recipients' digital wallets."
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          maxLength={120}
          data-autofocus
          required
        />
        <Divider label="Verifiable credential" labelPosition="left" />
        <Text size="sm" c="dimmed">
          Each certificate of this set is also an Open Badges credential its recipient can keep in a digital wallet. Say what it stands for;
          left empty, the sentence shown in grey is used.
        </Text>
        <Textarea
          label="Description"
          description={counter(description, ACHIEVEMENT_DESCRIPTION_MAX)}
          placeholder={defaultAchievementDescription(shownName, issuerName)}
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
          maxLength={ACHIEVEMENT_DESCRIPTION_MAX}
          autosize
          minRows={2}
          maxRows={6}
        />
        <Textarea
          label="Criteria"
          description={`What a recipient did to earn it. ${counter(criteria, ACHIEVEMENT_CRITERIA_MAX)}`}
          placeholder={defaultAchievementCriteria(shownName, issuerName)}
          value={criteria}
          onChange={(e) => setCriteria(e.currentTarget.value)}
          maxLength={ACHIEVEMENT_CRITERIA_MAX}
          autosize
          minRows={2}
          maxRows={8}
        />
        <Text size="xs" c="dimmed">
          Changes apply to credentials issued from now on; those already issued stay as they were signed.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={busy} disabled={!trimmed}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
