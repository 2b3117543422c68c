import type { UserDto } from '@laurel/domain';
import { Card, Stack, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '../../shared/api/errors.ts';
import { FormError } from '../../shared/forms/FormError.tsx';
import { notifySuccess } from '../../shared/lib/notify.ts';
import { setTwoFactorPolicy } from './api.ts';

/** The account admin's switch: every user of the account must use two-factor authentication. */
export function TwoFactorPolicyCard({ user, onChanged }: { user: UserDto; onChanged: () => Promise<unknown> }) {
  const account = user.account!;
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const change = async (required: boolean) => {
    setBusy(true);
    setError(null);
    try {
      await setTwoFactorPolicy(account.id, required);
      await onChanged();
      notifySuccess(required ? 'Two-factor authentication is now required for everyone.' : 'Two-factor authentication is now optional.');
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card padding="xl" shadow="xs">
      <Stack gap="md">
        <Text fw={650} size="lg">
          Your organisation
        </Text>
        {error && <FormError>{error}</FormError>}
        <Switch
          size="md"
          checked={account.require_two_factor}
          disabled={busy || (!user.require_google_2fa && !account.require_two_factor)}
          onChange={(event) => void change(event.currentTarget.checked)}
          label={`Require two-factor authentication for everyone in ${account.name}`}
          description={
            user.require_google_2fa || account.require_two_factor
              ? 'Users who have not turned it on are asked to set it up the next time they use Laurel, before anything else.'
              : 'Turn it on for yourself first.'
          }
        />
      </Stack>
    </Card>
  );
}
