import type { AccountUserDto } from '@laurel/domain';
import { Alert, Button, Checkbox, Group, Modal, ScrollArea, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../shared/api/errors.ts';
import { formatDateTime } from '../../shared/lib/format.ts';
import { transferProjects, userProjects } from './api.ts';
import { teamKeys } from './query-keys.ts';
import { fullName } from './UsersTable.tsx';

interface Props {
  source: AccountUserDto;
  users: AccountUserDto[];
  onClose: () => void;
  onDone: (message: string) => void;
}

/** Moves some of one user's projects to another user of the account. */
export function TransferProjectsModal({ source, users, onClose, onDone }: Props) {
  const projects = useQuery({ queryKey: teamKeys.projects(source.email), queryFn: () => userProjects(source.email) });
  const [chosen, setChosen] = useState<string[]>([]);
  const [target, setTarget] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const targets = users.filter((u) => u.id !== source.id).map((u) => ({ value: String(u.id), label: `${fullName(u)} (${u.email})` }));
  const all = projects.data?.data ?? [];

  const submit = async () => {
    if (!target || chosen.length === 0) {
      setError('Choose the projects and the user who receives them.');
      return;
    }
    setSaving(true);
    setError(null);
    try {
      const reply = await transferProjects({ source_user: source.id, target_user: Number(target), projects: chosen.map(Number) });
      onDone(reply.message);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title={`Transfer projects of ${fullName(source)}`} size="lg">
      <Stack gap="md">
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        {projects.isError && <Text c="red">{errorMessage(projects.error)}</Text>}
        {projects.isPending && <Text size="sm">Loading projects…</Text>}
        {projects.data && all.length === 0 && <Text c="stone.6">{fullName(source)} has no projects to transfer.</Text>}
        {all.length > 0 && (
          <>
            <Checkbox
              label="All projects"
              checked={chosen.length === all.length}
              indeterminate={chosen.length > 0 && chosen.length < all.length}
              onChange={(e) => setChosen(e.currentTarget.checked ? all.map((p) => String(p.id)) : [])}
            />
            <ScrollArea.Autosize mah={260}>
              <Checkbox.Group value={chosen} onChange={setChosen} label="Projects">
                <Stack gap={6} mt={6}>
                  {all.map((p) => (
                    <Checkbox key={p.id} value={String(p.id)} label={`${p.title} · ${formatDateTime(p.created_at)}`} />
                  ))}
                </Stack>
              </Checkbox.Group>
            </ScrollArea.Autosize>
            <Select label="Give them to" placeholder="Choose a user" data={targets} value={target} onChange={setTarget} searchable />
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} loading={saving} disabled={all.length === 0}>
            Transfer
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
