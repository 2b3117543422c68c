import { MESSAGES, type SignInChallenge } from '@laurel/domain';
import { Alert, Button, Group, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { getCsrfToken, login, SecondFactorStep } from '../../features/auth/index.ts';
import { ApiError } from '../../shared/api/errors.ts';
import { setToken } from '../../shared/api/token.ts';

interface ReloginModalProps {
  opened: boolean;
  email: string;
  onExit: () => void;
}

/**
 * Shown when the API answers 401 in the middle of work (docs/product/sign-in-and-sessions.md#flows): signing in again reloads the
 * page so every screen reads fresh data under the new session; leaving signs out.
 */
export function ReloginModal({ opened, email, onExit }: ReloginModalProps) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [challenge, setChallenge] = useState<SignInChallenge | null>(null);
  const form = useForm({ initialValues: { email, password: '' } });

  const resume = (token: string) => {
    setToken(token);
    window.location.reload();
  };

  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    setError(null);
    try {
      const { csrf_token } = await getCsrfToken();
      const response = await login({ ...values, csrf_token });
      if (response.require_action === null) resume(response.token);
      else {
        setChallenge(response);
        setBusy(false);
      }
    } catch (failure) {
      setError(failure instanceof ApiError && failure.status === 429 ? MESSAGES.tooManyAttempts : MESSAGES.wrongCredentials);
      setBusy(false);
    }
  });

  return (
    <Modal
      opened={opened}
      onClose={onExit}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      title="Sign in to continue"
      data-testid="relogin-modal"
    >
      {challenge ? (
        <SecondFactorStep
          credentials={form.values}
          challenge={challenge}
          onSignedIn={(response) => resume(response.token)}
          onBack={() => setChallenge(null)}
        />
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              Your session has ended. Sign in again to pick up where you left off.
            </Text>
            {error && (
              <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
                {error}
              </Alert>
            )}
            <TextInput label="Email" type="email" autoComplete="username" required {...form.getInputProps('email')} />
            <PasswordInput label="Password" autoComplete="current-password" required data-autofocus {...form.getInputProps('password')} />
            <Group justify="space-between" mt="xs">
              <Button variant="subtle" color="stone" onClick={onExit}>
                Log out
              </Button>
              <Button type="submit" loading={busy}>
                Sign in
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
