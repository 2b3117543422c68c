import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../../shared/api/errors.ts';
import { FormError } from '../../../shared/forms/FormError.tsx';

interface ConfirmPasswordDialogProps {
  opened: boolean;
  onClose: () => void;
  /** Runs the change with the typed password; a 403 from it means the password was wrong. */
  onConfirm: (password: string) => Promise<void>;
}

/** Changing your details asks for your password first (docs/product/account.md#rules-and-limits); a wrong one is 'Wrong password'. */
export function ConfirmPasswordDialog({ opened, onClose, onConfirm }: ConfirmPasswordDialogProps) {
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setPassword('');
    setError(null);
    onClose();
  };

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm(password);
      setPassword('');
    } catch (failure) {
      setError(failure instanceof ApiError && failure.status === 403 ? 'Wrong password' : errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={close} title="Confirm with your password" centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (password) void confirm();
        }}
      >
        <Stack gap="md">
          <Text size="sm" c="stone.6">
            Enter your password to save your details.
          </Text>
          {error && <FormError>{error}</FormError>}
          <PasswordInput
            label="Your password"
            autoComplete="current-password"
            data-autofocus
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="subtle" color="stone" onClick={close} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" loading={busy} disabled={!password}>
              Save details
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
