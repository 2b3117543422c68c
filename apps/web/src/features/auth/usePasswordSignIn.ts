import { type LoginResponse, type SignInChallenge, signInForm } from '@laurel/domain';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../shared/api/errors.ts';
import { validateWith } from '../../shared/forms/schema.ts';
import { getCsrfToken, login } from './api.ts';
import { authKeys } from './query-keys.ts';

/**
 * Email and password through the main sign-in (`POST /api/auth`, with its CSRF token, docs/product/sign-in-and-sessions.md#calls), as the
 * sign-in page and the credentials portal use it: a full sign-in goes to `onSignedIn`, a second factor the
 * server asks for becomes `challenge`, a refusal goes to `onFailure` with the form ready for another try.
 */
export function usePasswordSignIn({
  onStart,
  onSignedIn,
  onFailure,
  onChallenge,
}: {
  /** A valid form is on its way: the time to clear the last refusal. */
  onStart?: () => void;
  onSignedIn: (response: LoginResponse) => void;
  onFailure: (error: unknown) => void;
  onChallenge?: (challenge: SignInChallenge) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [challenge, setChallenge] = useState<SignInChallenge | null>(null);
  const csrf = useQuery({ queryKey: authKeys.csrf(), queryFn: getCsrfToken, staleTime: 60 * 60_000 });
  const form = useForm({
    initialValues: { email: '', password: '' },
    validate: validateWith(signInForm),
  });

  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    onStart?.();
    try {
      const token = csrf.data?.csrf_token ?? (await csrf.refetch()).data?.csrf_token ?? '';
      const response = await login({ email: values.email.trim(), password: values.password, csrf_token: token });
      if (response.require_action === null) onSignedIn(response);
      else {
        setChallenge(response);
        onChallenge?.(response);
        setBusy(false);
      }
    } catch (failure) {
      // An expired form token is replaced so the next attempt works without a reload.
      if (failure instanceof ApiError && failure.body.error_type === 'csrf') void csrf.refetch();
      onFailure(failure);
      setBusy(false);
    }
  });

  /** The same email and password, for the second-factor step to send again with its code. */
  const credentials = { email: form.values.email.trim(), password: form.values.password };
  return { form, submit, busy, challenge, credentials, clearChallenge: () => setChallenge(null) };
}
