import { SUPPORT_EMAIL } from '@laurel/domain';
import { Anchor, Button, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconMailOpened } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { AuthHeading } from '../auth/index.ts';

/** After registering: the confirmation link is on its way. */
export function RegisterSuccessPage() {
  const { state } = useLocation();
  const email = typeof (state as { email?: unknown } | null)?.email === 'string' ? (state as { email: string }).email : null;
  return (
    <Stack gap="lg" data-testid="register-success">
      <ThemeIcon size={56} radius="xl" variant="light">
        <IconMailOpened size={28} stroke={1.6} />
      </ThemeIcon>
      <AuthHeading title="Check your inbox">
        {email ? (
          <>
            We sent a confirmation link to <strong>{email}</strong>.
          </>
        ) : (
          'We sent a confirmation link to your email address.'
        )}{' '}
        Open it to choose your password and start designing.
      </AuthHeading>
      <Text size="sm" c="stone.6" mt={-16}>
        Nothing after a few minutes? Look in your spam folder, or write to{' '}
        <Anchor href={`mailto:${SUPPORT_EMAIL}`} size="sm">
          {SUPPORT_EMAIL}
        </Anchor>
        .
      </Text>
      <Button component={Link} to="/login" variant="default" size="md">
        Back to sign in
      </Button>
    </Stack>
  );
}
