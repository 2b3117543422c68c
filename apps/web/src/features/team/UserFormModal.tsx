import {
  type AccountUserDto,
  type AccountUserFields,
  accountUserProblems,
  isValidEmail,
  TEAM_MESSAGES,
  type TeamLimits,
  UNLIMITED_CREDITS,
} from '@laurel/domain';
import {
  Alert,
  Button,
  Checkbox,
  Divider,
  Group,
  Modal,
  NumberInput,
  Radio,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../shared/api/errors.ts';
import { listAccountSets } from './api.ts';
import { teamKeys } from './query-keys.ts';

/** What the form sends: the call's fields and the address. */
export interface UserFormValues extends AccountUserFields {
  email: string;
}

/** What the form holds: a number of credits may still be blank (null), which it refuses before sending. */
type Draft = Omit<UserFormValues, 'allocated_credits'> & { allocated_credits: number | null };

const EMPTY: Draft = {
  first_name: '',
  last_name: '',
  email: '',
  allow_certificate_set_create: false,
  allow_certificate_set_edits: false,
  allow_certificate_email_edits: false,
  allow_all_certificate_sets: true,
  allowed_certificate_sets: [],
  allow_all_users_projects: false,
  allowed_users: [],
  allocated_credits: UNLIMITED_CREDITS,
  auto_refill_credits: false,
  refill_credits: 0,
};

const fromUser = (user: AccountUserDto): Draft => ({
  first_name: user.first_name,
  last_name: user.last_name,
  email: user.email,
  allow_certificate_set_create: user.allow_certificate_set_create,
  allow_certificate_set_edits: user.allow_certificate_set_edits,
  allow_certificate_email_edits: user.allow_certificate_email_edits,
  allow_all_certificate_sets: user.allow_all_certificate_sets,
  allowed_certificate_sets: user.allowed_certificate_sets,
  allow_all_users_projects: user.allow_all_users_projects,
  allowed_users: user.allowed_users,
  allocated_credits: user.allocated_credits,
  auto_refill_credits: user.auto_refill_credits,
  refill_credits: user.refill_credits,
});

type Errors = Partial<Record<keyof UserFormValues, string>>;

function problemsOf(values: Draft, editing: boolean): Errors {
  const errors: Errors = {};
  if (!values.first_name.trim()) errors.first_name = 'First name is required.';
  if (!values.last_name.trim()) errors.last_name = 'Last name is required.';
  if (!editing && !isValidEmail(values.email.trim().toLowerCase())) errors.email = 'Please enter a valid email address.';
  for (const problem of accountUserProblems({ ...values, allocated_credits: values.allocated_credits ?? 0 }))
    errors[problem.field] = problem.message;
  // "A number of credits" chosen and left blank: asked for, never read as none.
  if (values.allocated_credits === null) errors.allocated_credits = TEAM_MESSAGES.creditsRequired;
  return errors;
}

interface Props {
  /** The user being edited; null adds one. */
  user: AccountUserDto | null;
  /** Everyone of the account, for "whose projects". */
  colleagues: AccountUserDto[];
  limits: TeamLimits;
  onClose: () => void;
  onSubmit: (values: UserFormValues) => Promise<void>;
}

/** Add or edit a sub-user: names, address, the three rights, which sets and whose projects, credits. */
export function UserFormModal({ user, colleagues, limits, onClose, onSubmit }: Props) {
  const editing = user !== null;
  const [values, setValues] = useState<Draft>(user ? fromUser(user) : EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const sets = useQuery({ queryKey: teamKeys.sets(), queryFn: listAccountSets });

  // A field's message goes once the field is changed.
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors(({ [key]: _, ...rest }) => rest as Errors);
  };
  const toggleIn = (key: 'allowed_certificate_sets' | 'allowed_users', id: number, on: boolean) =>
    set(key, on ? [...values[key], id] : values[key].filter((x) => x !== id));
  const unlimited = values.allocated_credits === UNLIMITED_CREDITS;
  // The user's own allocation counts back into the pool they may be given (docs/product/roles-and-sub-users.md#rules-and-limits).
  const ownAllocation = user && user.allocated_credits > 0 ? user.allocated_credits : 0;
  const creditCap = limits.credit_pool + ownAllocation;
  const ownRefill = user?.auto_refill_credits ? user.refill_credits : 0;
  const refillCap = limits.refill_pool + ownRefill;

  const submit = async () => {
    const found = problemsOf(values, editing);
    setErrors(found);
    if (Object.keys(found).length) {
      setFormError(TEAM_MESSAGES.formErrors);
      return;
    }
    setFormError(null);
    setSaving(true);
    try {
      await onSubmit({ ...values, allocated_credits: values.allocated_credits ?? 0 });
    } catch (error) {
      const field = error instanceof ApiError ? (error.body.field as keyof UserFormValues | undefined) : undefined;
      if (field && field in values) setErrors({ [field]: errorMessage(error) });
      setFormError(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  const others = colleagues.filter((c) => c.id !== user?.id);

  return (
    <Modal opened onClose={onClose} title={editing ? `Edit ${user.first_name} ${user.last_name}` : 'Add a user'} size="lg">
      <Stack gap="md">
        {formError && (
          <Alert color="red" variant="light" role="alert">
            {formError}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="First name"
            required
            value={values.first_name}
            error={errors.first_name}
            onChange={(e) => set('first_name', e.currentTarget.value)}
          />
          <TextInput
            label="Last name"
            required
            value={values.last_name}
            error={errors.last_name}
            onChange={(e) => set('last_name', e.currentTarget.value)}
          />
        </SimpleGrid>
        <TextInput
          label="Email"
          type="email"
          required={!editing}
          disabled={editing}
          description={
            editing ? 'The user changes their own address from their profile.' : 'They get an email with a link to choose a password.'
          }
          value={values.email}
          error={errors.email}
          onChange={(e) => set('email', e.currentTarget.value)}
        />

        <Divider label="Rights" labelPosition="left" />
        <Stack gap="xs">
          <Switch
            label="May create certificate sets"
            checked={values.allow_certificate_set_create}
            onChange={(e) => set('allow_certificate_set_create', e.currentTarget.checked)}
          />
          <Switch
            label="May edit certificate sets"
            checked={values.allow_certificate_set_edits}
            onChange={(e) => set('allow_certificate_set_edits', e.currentTarget.checked)}
          />
          <Switch
            label="May edit certificate emails"
            checked={values.allow_certificate_email_edits}
            onChange={(e) => set('allow_certificate_email_edits', e.currentTarget.checked)}
          />
        </Stack>

        <Divider label="Certificate sets" labelPosition="left" />
        <Checkbox
          label="All certificate sets"
          checked={values.allow_all_certificate_sets}
          onChange={(e) => set('allow_all_certificate_sets', e.currentTarget.checked)}
        />
        {!values.allow_all_certificate_sets && (
          <Checkbox.Group
            label="Only these sets"
            value={values.allowed_certificate_sets.map(String)}
            error={errors.allowed_certificate_sets}
            onChange={(ids) => set('allowed_certificate_sets', ids.map(Number))}
          >
            <Stack gap={6} mt={6}>
              {sets.isPending && <Text size="sm">Loading the account's sets…</Text>}
              {sets.isError && (
                <Text size="sm" c="red">
                  {errorMessage(sets.error)}
                </Text>
              )}
              {sets.data?.certificates.map((s) => (
                <Checkbox key={s.id} value={String(s.id)} label={s.name} />
              ))}
              {sets.data?.certificates.length === 0 && (
                <Text size="sm" c="stone.6">
                  The account has no certificate sets yet.
                </Text>
              )}
            </Stack>
          </Checkbox.Group>
        )}

        <Divider label="Projects" labelPosition="left" />
        <Checkbox
          label="All users' projects"
          description="Otherwise they see their own projects and those of the users chosen below."
          checked={values.allow_all_users_projects}
          onChange={(e) => set('allow_all_users_projects', e.currentTarget.checked)}
        />
        {!values.allow_all_users_projects && others.length > 0 && (
          <Stack gap={6} aria-label="Also the projects of">
            {others.map((c) => (
              <Checkbox
                key={c.id}
                label={`${c.first_name} ${c.last_name}`.trim() || c.email}
                checked={values.allowed_users.includes(c.id)}
                onChange={(e) => toggleIn('allowed_users', c.id, e.currentTarget.checked)}
              />
            ))}
          </Stack>
        )}
        {errors.allowed_users && (
          <Text size="sm" c="red">
            {errors.allowed_users}
          </Text>
        )}

        <Divider label="Credits" labelPosition="left" />
        <Radio.Group
          value={unlimited ? 'unlimited' : 'limited'}
          onChange={(choice) =>
            setValues((v) =>
              choice === 'unlimited'
                ? { ...v, allocated_credits: UNLIMITED_CREDITS, auto_refill_credits: false }
                : { ...v, allocated_credits: null },
            )
          }
        >
          <Group gap="lg">
            <Radio value="unlimited" label="Unlimited (the account's credits)" />
            <Radio value="limited" label="A number of credits" />
          </Group>
        </Radio.Group>
        {!unlimited && (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberInput
              label="Credits"
              required
              description={`At most ${creditCap}`}
              min={0}
              max={creditCap}
              allowDecimal={false}
              allowNegative={false}
              value={values.allocated_credits ?? ''}
              error={errors.allocated_credits}
              onChange={(n) => set('allocated_credits', typeof n === 'number' ? n : null)}
            />
            <Stack gap={6}>
              <Switch
                label="Refill every month"
                checked={values.auto_refill_credits}
                error={errors.auto_refill_credits}
                onChange={(e) => set('auto_refill_credits', e.currentTarget.checked)}
              />
              {values.auto_refill_credits && (
                <NumberInput
                  label="Refill credits"
                  description={`At most ${refillCap} a month`}
                  min={0}
                  max={refillCap}
                  allowDecimal={false}
                  allowNegative={false}
                  value={values.refill_credits}
                  error={errors.refill_credits}
                  onChange={(n) => set('refill_credits', typeof n === 'number' ? n : 0)}
                />
              )}
            </Stack>
          </SimpleGrid>
        )}

        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} loading={saving}>
            {editing ? 'Save' : 'Add and invite'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
