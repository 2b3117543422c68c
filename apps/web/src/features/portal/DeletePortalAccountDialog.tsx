import { ACCOUNT_DELETION_MESSAGES, DELETE_ACCOUNT_SENTENCE, type UserDto } from '@laurel/domain';
import { Alert, Button, Code, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../shared/api/errors.ts';
import { notifyError, notifySuccess } from '../../shared/lib/notify.ts';
import { endSession } from '../../shared/session/useSignOut.ts';
import { deletePortalUser } from './api.ts';

/** The spec's pause between confirming and the deletion, while the announcement is read. */
const DELETION_DELAY_MS = 3000;

/**
 * The portal's "delete account" dialog (docs/product/recipient-portal.md#rules-and-limits, docs/product/recipient-portal.md#messages): the sentence typed exactly, then the
 * announcement, and three seconds later the deletion and the sign-out. Only the portal sign-in goes; the
 * certificates stay with the organisations that issued them.
 */
export function DeletePortalAccountDialog({ user, opened, onClose }: { user: UserDto; opened: boolean; onClose(): void }) {
  const navigate = useNavigate();
  const [sentence, setSentence] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const hasRoles = user.roles.length > 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (sentence !== DELETE_ACCOUNT_SENTENCE) {
      setError(ACCOUNT_DELETION_MESSAGES.sentenceMismatch);
      return;
    }
    setError(null);
    setDeleting(true);
    notifySuccess(ACCOUNT_DELETION_MESSAGES.portalAnnounce);
    window.setTimeout(() => {
      deletePortalUser()
        .then(async (reply) => {
          await endSession();
          notifySuccess(reply.message);
          void navigate('/portal/login', { replace: true });
        })
        .catch((failure: unknown) => {
          setDeleting(false);
          notifyError(errorMessage(failure, ACCOUNT_DELETION_MESSAGES.failed));
        });
    }, DELETION_DELAY_MS);
  };

  return (
    <Modal opened={opened} onClose={deleting ? () => {} : onClose} title="Delete your portal account" centered>
      {hasRoles ? (
        <Alert color="gilt" variant="light" icon={<IconAlertTriangle size={18} />}>
          {ACCOUNT_DELETION_MESSAGES.portalHasRoles}
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Text size="sm">
              Your sign-in to this portal is deleted and you are signed out. The certificates issued to you stay with the organisations that
              issued them.
            </Text>
            <Text size="sm">
              To confirm, type <Code fw={600}>{DELETE_ACCOUNT_SENTENCE}</Code>
            </Text>
            <TextInput
              label="Confirmation sentence"
              value={sentence}
              onChange={(e) => setSentence(e.currentTarget.value)}
              error={error}
              autoComplete="off"
              disabled={deleting}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose} disabled={deleting}>
                Cancel
              </Button>
              <Button type="submit" color="red" loading={deleting}>
                Delete my account
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
