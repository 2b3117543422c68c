import type { UserDto } from '@laurel/domain';
import { Button, Group, Text } from '@mantine/core';
import { IconSwitchHorizontal } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { stopImpersonating } from '../../features/auth/index.ts';
import { errorMessage } from '../../shared/api/errors.ts';
import { queryClient } from '../../shared/api/query-client.ts';
import { setToken } from '../../shared/api/token.ts';
import { notifyError } from '../../shared/lib/notify.ts';
import { USER_KEY } from '../../shared/session/queries.ts';

export const IMPERSONATION_BANNER_HEIGHT = 40;

/** While an admin acts as another user, this says so on every screen and offers the way back. */
export function ImpersonationBanner({ user }: { user: UserDto }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const name = `${user.first_name} ${user.last_name}`.trim() || user.email;

  const switchBack = async () => {
    setBusy(true);
    try {
      const { token, location } = await stopImpersonating();
      setToken(token);
      // Data read as the other user must not leak into the admin's screens.
      queryClient.removeQueries({ predicate: (query) => !['config', USER_KEY[0]].includes(String(query.queryKey[0])) });
      await queryClient.invalidateQueries({ queryKey: USER_KEY });
      void navigate(location, { replace: true });
    } catch (error) {
      notifyError(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Group
      h={IMPERSONATION_BANNER_HEIGHT}
      px="md"
      justify="center"
      gap="md"
      wrap="nowrap"
      bg="gilt.1"
      role="status"
      style={{ borderBottom: '1px solid var(--mantine-color-gilt-3)' }}
      data-testid="impersonation-banner"
    >
      <Text size="sm" fw={600} c="gilt.9" truncate>
        You are acting as {name}
      </Text>
      <Button
        size="compact-sm"
        variant="white"
        color="gilt.9"
        leftSection={<IconSwitchHorizontal size={14} />}
        onClick={switchBack}
        loading={busy}
      >
        Switch back
      </Button>
    </Group>
  );
}
