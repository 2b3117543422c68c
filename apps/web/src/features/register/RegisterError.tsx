import { SUPPORT_EMAIL } from '@laurel/domain';
import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { FormError } from '../../shared/forms/FormError.tsx';

export type RegisterFailure =
  | { kind: 'user_exist'; message: string }
  | { kind: 'error'; message: string }
  | { kind: 'throttled'; message: string }
  | { kind: 'unknown' };

/** The register errors of docs/product/registration.md#messages that are not about one field. */
export function RegisterError({ failure }: { failure: RegisterFailure }) {
  if (failure.kind === 'user_exist') {
    return (
      <FormError>
        <Text size="sm">{failure.message}</Text>
        <Text size="sm" mt={4}>
          <Anchor component={Link} to="/login" size="sm" fw={600}>
            Sign in
          </Anchor>{' '}
          or{' '}
          <Anchor component={Link} to="/login?reset-password" size="sm" fw={600}>
            reset your password
          </Anchor>
          .
        </Text>
      </FormError>
    );
  }
  if (failure.kind === 'error') return <FormError>{`There was an error creating your account: ${failure.message}`}</FormError>;
  if (failure.kind === 'throttled') return <FormError>{failure.message}</FormError>;
  return (
    <FormError>
      Account can't be created, please contact our support at{' '}
      <Anchor href={`mailto:${SUPPORT_EMAIL}`} size="sm" fw={600}>
        {SUPPORT_EMAIL}
      </Anchor>
      .
    </FormError>
  );
}
