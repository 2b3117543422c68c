import { DEFAULT_CATEGORY, MESSAGES } from '@laurel/domain';
import { Anchor, Button, Group, Stepper, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconArrowLeft } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../shared/api/errors.ts';
import { queryClient } from '../../shared/api/query-client.ts';
import { USER_KEY, useAppConfig, useCurrentUser } from '../../shared/session/queries.ts';
import { endSession } from '../../shared/session/useSignOut.ts';
import { AuthHeading } from '../auth/index.ts';
import { AccountStep } from './AccountStep.tsx';
import { registerAccount } from './api.ts';
import { DetailsStep } from './DetailsStep.tsx';
import { RegisterError, type RegisterFailure } from './RegisterError.tsx';
import { type RegisterValues, registerValidation, STEP_ONE_FIELDS, STEP_TWO_FIELDS } from './register-form.ts';

type Step = 'step-1' | 'step-2';

/**
 * Registration in two steps (docs/product/registration.md#screens, docs/product/registration.md#flows): 'step-1' the person, 'step-2' the account. Query
 * parameters promo_code, loc (registration source) and email prefill the form.
 */
export function RegisterPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { data: config } = useAppConfig();
  const { data: user } = useCurrentUser();
  const [step, setStep] = useState<Step>('step-1');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<RegisterFailure | null>(null);
  const urlEditedByHand = useRef(false);

  const form = useForm<RegisterValues>({
    initialValues: {
      first_name: user?.first_name ?? '',
      last_name: user?.last_name ?? '',
      email: user?.email ?? params.get('email') ?? '',
      opt_in: false,
      account_name: '',
      url: '',
      promo_code: params.get('promo_code') ?? '',
      accept_terms: false,
    },
    validate: registerValidation,
  });

  const stepValid = (fields: readonly (keyof RegisterValues)[]) =>
    fields.map((field) => form.validateField(field).hasError).every((hasError) => !hasError);

  const back = async () => {
    if (step === 'step-2') {
      setStep('step-1');
      return;
    }
    if (user) await endSession();
    void navigate('/login');
  };

  const next = () => {
    setFailure(null);
    if (stepValid(STEP_ONE_FIELDS)) setStep('step-2');
  };

  const submit = async () => {
    setFailure(null);
    if (!stepValid(STEP_TWO_FIELDS)) return;
    const values = form.getValues();
    setBusy(true);
    try {
      const result = await registerAccount({
        email: values.email.trim(),
        first_name: values.first_name.trim(),
        last_name: values.last_name.trim(),
        opt_in: values.opt_in,
        accept_terms: values.accept_terms,
        promo_code: values.promo_code.trim() || null,
        account_name: values.account_name.trim(),
        url: values.url.trim(),
        category: DEFAULT_CATEGORY,
        is_from_recipient: false,
        registration_source: params.get('loc'),
      });
      if (result.location === '/register/success') {
        void navigate('/register/success', { state: { email: result.email } });
      } else {
        // A signed-in recipient became the admin of the new account: read the new roles first.
        await queryClient.invalidateQueries({ queryKey: USER_KEY });
        void navigate(result.location, { replace: true });
      }
    } catch (error) {
      handleFailure(error);
    } finally {
      setBusy(false);
    }
  };

  const handleFailure = (error: unknown) => {
    if (!(error instanceof ApiError)) {
      setFailure({ kind: 'unknown' });
      return;
    }
    const { body } = error;
    const message = body.errors[0] ?? body.message;
    switch (body.error_type) {
      case 'user_exist':
        setFailure({ kind: 'user_exist', message: MESSAGES.userExists });
        return;
      case 'required': {
        const field = body.field as keyof RegisterValues | undefined;
        if (field && (STEP_ONE_FIELDS as readonly string[]).includes(field)) setStep('step-1');
        if (field && field in form.values) form.setFieldError(field, message);
        else setFailure({ kind: 'error', message });
        return;
      }
      case 'redirect':
        if (body.redirect) void navigate(body.redirect);
        return;
      case 'error':
        setFailure({ kind: 'error', message });
        return;
      default:
        setFailure(error.status === 429 ? { kind: 'throttled', message: MESSAGES.tooManyAttempts } : { kind: 'unknown' });
    }
  };

  return (
    <>
      <AuthHeading title="Create your Laurel account">Start with a 14-day free trial. No card needed.</AuthHeading>
      <Stepper active={step === 'step-1' ? 0 : 1} size="sm" mb="xl" allowNextStepsSelect={false} aria-label="Registration steps">
        <Stepper.Step label="Your details" description="Who you are" />
        <Stepper.Step label="Your account" description="Your organisation" />
      </Stepper>
      <form
        noValidate
        aria-label={step === 'step-1' ? 'Your details' : 'Your account'}
        onSubmit={(event) => {
          event.preventDefault();
          if (step === 'step-1') next();
          else void submit();
        }}
      >
        {failure && (
          <div style={{ marginBottom: 16 }}>
            <RegisterError failure={failure} />
          </div>
        )}
        {step === 'step-1' ? (
          <DetailsStep form={form} emailLocked={!!user} />
        ) : (
          <AccountStep form={form} baseDomain={config?.base_domain ?? 'localhost'} urlEditedByHand={urlEditedByHand} />
        )}
        <Group justify="space-between" mt="xl">
          <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={() => void back()}>
            Back
          </Button>
          <Button type="submit" loading={busy}>
            {step === 'step-1' ? 'Continue' : 'Create account'}
          </Button>
        </Group>
      </form>
      <Text size="sm" c="stone.6" ta="center" mt="xl">
        Already have an account?{' '}
        <Anchor component={Link} to="/login" fw={600}>
          Sign in
        </Anchor>
      </Text>
    </>
  );
}
