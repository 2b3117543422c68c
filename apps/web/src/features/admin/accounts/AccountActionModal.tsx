import { type AdminAccountRow, EDITABLE_NOTIFY_DAYS, NOTIFY_DAYS, PLANS } from '@laurel/domain';
import { Button, Checkbox, Group, Modal, NumberInput, PasswordInput, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api/errors.ts';
import { plural } from '../../../shared/lib/format.ts';
import { notifyError, notifySuccess } from '../../../shared/lib/notify.ts';
import * as api from './api.ts';

export type AccountAction =
  | 'edit'
  | 'credits'
  | 'subscription'
  | 'notify'
  | 'email'
  | 'trial'
  | 'impersonate'
  | 'delete'
  | 'ban'
  | 'password'
  | 'confirm'
  | 'billing'
  | 'no-login';

interface Props {
  account: AdminAccountRow;
  action: AccountAction;
  onClose(): void;
  /** After a change: the table and the history read again. */
  onDone(): void;
  onImpersonate(userId: number): Promise<void>;
}

const TITLES: Record<AccountAction, string> = {
  edit: 'Edit account',
  credits: 'Grant credits',
  subscription: 'Subscription',
  notify: 'Notification days',
  email: 'Email the account',
  trial: 'Reset free trial',
  impersonate: 'Impersonate',
  delete: 'Delete account',
  ban: 'Ban account',
  password: 'Change password',
  confirm: 'Confirm user',
  billing: 'Update billing information',
  'no-login': 'Recipients without login',
};

/** One dialog per row action, each with its confirmation; the server's message is the toast. */
export function AccountActionModal({ account, action, onClose, onDone, onImpersonate }: Props) {
  const [busy, setBusy] = useState(false);
  const [credits, setCredits] = useState<number | string>(account.credits);
  const [subscriptionCredits, setSubscriptionCredits] = useState<number | string>(account.subscription_credits);
  const [sets, setSets] = useState<number | string>(account.allowed_sets);
  const [grant, setGrant] = useState<number | string>(100);
  const [reason, setReason] = useState('');
  const [plan, setPlan] = useState<string | null>(account.plan.id ?? 'free');
  const [days, setDays] = useState<number[]>(account.notify_days);
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [password, setPassword] = useState('');
  const admin = account.admin;
  const title = action === 'ban' && account.is_banned ? 'Unban account' : TITLES[action];

  const run = async (work: () => Promise<{ message?: string } | unknown>, fallback: string, errorPrefix = 'Error: ') => {
    setBusy(true);
    try {
      const reply = (await work()) as { message?: string } | undefined;
      notifySuccess(reply?.message ?? fallback);
      onDone();
      onClose();
    } catch (error) {
      notifyError(`${errorPrefix}${errorMessage(error)}`);
    } finally {
      setBusy(false);
    }
  };

  const submit = () => {
    const id = account.id;
    switch (action) {
      case 'edit':
        return run(
          () =>
            api.updateBalances(id, {
              credits: Number(credits),
              subscription_credits: Number(subscriptionCredits),
              allowed_sets: Number(sets),
              ...(reason ? { reason } : {}),
            }),
          'Account updated.',
          'Error while update account: ',
        );
      case 'credits':
        return run(() => api.updateBalances(id, { add_credits: Number(grant), reason }), `${grant} credits granted.`);
      case 'subscription':
        return run(() => api.setPlan(id, plan === 'free' ? null : plan), 'Plan updated.');
      case 'notify':
        return run(
          () =>
            api.setNotifyDays(
              id,
              days.filter((d) => (EDITABLE_NOTIFY_DAYS as readonly number[]).includes(d)),
            ),
          '',
        );
      case 'email':
        return run(() => api.emailAccounts([id], subject, message), '');
      case 'trial':
        return run(() => api.resetFreeTrial(id), '');
      case 'impersonate':
        if (!admin) return;
        setBusy(true);
        return onImpersonate(admin.id).finally(() => setBusy(false));
      case 'delete':
        return run(() => api.deleteAccount(id), '');
      case 'ban':
        return run(() => api.banAccount(id, !account.is_banned), '');
      case 'password':
        return admin && run(() => api.changePassword(admin.id, password), '');
      case 'confirm':
        return admin && run(() => api.confirmUser(admin.id), '');
      case 'billing':
        return run(() => api.refreshBilling(id), '', '');
      case 'no-login':
        return run(() => api.setRecipientsNoLogin(id, !account.noLogin), '');
    }
  };

  const who = admin ? `${admin.first_name} ${admin.last_name} (${admin.email})`.trim() : 'no admin';
  // The server refuses these anyway; the button says so before a round trip.
  const incomplete =
    (action === 'credits' && (!Number(grant) || !reason.trim())) ||
    (action === 'email' && (!subject.trim() || !message.trim())) ||
    (action === 'password' && !password);
  const danger = action === 'delete' || (action === 'ban' && !account.is_banned);

  return (
    <Modal opened onClose={onClose} title={title} centered>
      <Stack gap="md">
        <Text size="sm" c="stone.6">
          {account.name} · {who}
        </Text>
        {action === 'edit' && (
          <>
            <NumberInput label="Pay-as-you-go credits" min={0} value={credits} onChange={setCredits} />
            <NumberInput label="Subscription credits" min={0} value={subscriptionCredits} onChange={setSubscriptionCredits} />
            <NumberInput label="Certificate sets allowed" min={0} value={sets} onChange={setSets} />
            <TextInput
              label="Reason"
              description="Kept with the ledger entries"
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
            />
          </>
        )}
        {action === 'credits' && (
          <>
            <NumberInput label="Credits to add" description="Negative to take credits away" value={grant} onChange={setGrant} />
            <TextInput label="Reason" required value={reason} onChange={(e) => setReason(e.currentTarget.value)} />
          </>
        )}
        {action === 'subscription' && (
          <Select
            label="Plan"
            data={[
              { value: 'free', label: 'Free' },
              ...PLANS.map((p) => ({ value: p.id, label: `${p.display_name} (${p.monthly_credits} credits a month)` })),
            ]}
            value={plan}
            onChange={setPlan}
            allowDeselect={false}
          />
        )}
        {action === 'notify' && (
          <Group gap="lg">
            {NOTIFY_DAYS.map((day) => (
              <Checkbox
                key={day}
                label={`Day ${day}`}
                checked={days.includes(day)}
                disabled={!(EDITABLE_NOTIFY_DAYS as readonly number[]).includes(day)}
                onChange={(e) => setDays((current) => (e.currentTarget.checked ? [...current, day] : current.filter((d) => d !== day)))}
              />
            ))}
          </Group>
        )}
        {action === 'email' && (
          <>
            <TextInput label="Subject" required value={subject} onChange={(e) => setSubject(e.currentTarget.value)} />
            <Textarea label="Message" required autosize minRows={5} value={message} onChange={(e) => setMessage(e.currentTarget.value)} />
          </>
        )}
        {action === 'password' && (
          <PasswordInput label="New password" required value={password} onChange={(e) => setPassword(e.currentTarget.value)} />
        )}
        {action === 'trial' && (
          <Text size="sm">The 14-day free trial starts again today. It has {plural(account.trial_days_remaining, 'day')} left now.</Text>
        )}
        {action === 'impersonate' && <Text size="sm">You will act as {who} until you switch back.</Text>}
        {action === 'delete' && (
          <Text size="sm">
            The account closes at once and all its data (projects, recipients, certificates, files, users) is deleted. This cannot be
            undone.
          </Text>
        )}
        {action === 'ban' && (
          <Text size="sm">
            {account.is_banned
              ? 'Its users will be able to sign in again.'
              : 'Every user of the account is signed out now and cannot sign in or register again until unbanned.'}
          </Text>
        )}
        {action === 'confirm' && <Text size="sm">Mark {who} as confirmed, as if they had opened their confirmation link.</Text>}
        {action === 'billing' && <Text size="sm">Read the plan and subscription of this account again from Stripe.</Text>}
        {action === 'no-login' && (
          <Text size="sm">
            {account.noLogin
              ? "Recipients will sign in to the account's portal again."
              : "Recipients will open the account's portal without a password."}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color={danger ? 'red' : undefined} loading={busy} disabled={incomplete} onClick={() => void submit()}>
            {action === 'delete' ? 'Delete' : action === 'ban' ? (account.is_banned ? 'Unban' : 'Ban') : 'Confirm'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
