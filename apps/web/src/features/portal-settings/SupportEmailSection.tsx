import { isValidEmail } from '@laurel/domain';
import { Badge, Button, Group, PinInput, Stack, Text, TextInput } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../shared/api/errors.ts';
import { notifySuccess } from '../../shared/lib/notify.ts';
import { sendSupportEmailCode, validateSupportEmail } from './api.ts';
import { Section } from './SettingsSections.tsx';

/**
 * The support address recipients may write to. It is shown on the portal only once confirmed: a code
 * is emailed to it (6 digits, 15 minutes) and entered here; typing another address needs a new code.
 */
export function SupportEmailSection(props: {
  email: string;
  confirmed: boolean;
  formatError?: string;
  notConfirmedError?: string;
  onChange(email: string): void;
  onConfirmed(email: string): void;
}) {
  const address = props.email.trim().toLowerCase();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState<'send' | 'confirm' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const codePending = sentTo !== null && sentTo === address && !props.confirmed;

  const send = async () => {
    setBusy('send');
    setError(null);
    try {
      const reply = await sendSupportEmailCode(address);
      setSentTo(address);
      setCode('');
      notifySuccess(reply.message);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(null);
    }
  };

  const confirm = async () => {
    setBusy('confirm');
    setError(null);
    try {
      const reply = await validateSupportEmail(code);
      notifySuccess(reply.message);
      setSentTo(null);
      props.onConfirmed(reply.support_email.email);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Section title="Support email" description="Where recipients can ask for help. We email a code to it first, to be sure it is yours.">
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          label="Support email"
          type="email"
          placeholder="support@example.org"
          value={props.email}
          error={props.formatError ?? props.notConfirmedError}
          onChange={(e) => props.onChange(e.currentTarget.value)}
          style={{ flex: '1 1 240px' }}
          rightSectionWidth={address ? 110 : undefined}
          rightSection={
            address && !props.formatError ? (
              props.confirmed ? (
                <Badge color="laurel" variant="light" leftSection={<IconCircleCheck size={12} />}>
                  Confirmed
                </Badge>
              ) : (
                <Badge color="yellow" variant="light">
                  Not confirmed
                </Badge>
              )
            ) : null
          }
        />
        {address && !props.confirmed && (
          <Button
            mt={25}
            variant="default"
            onClick={() => void send()}
            loading={busy === 'send'}
            disabled={!isValidEmail(address) || busy !== null}
          >
            {codePending ? 'Send a new code' : 'Send code'}
          </Button>
        )}
      </Group>
      {codePending && (
        <Stack gap="xs">
          <Text size="sm">Enter the 6-digit code we emailed to {sentTo}.</Text>
          <Group gap="sm" align="center">
            <PinInput length={6} type="number" oneTimeCode value={code} onChange={setCode} aria-label="Validation code" />
            <Button onClick={() => void confirm()} loading={busy === 'confirm'} disabled={code.length !== 6 || busy !== null}>
              Confirm email
            </Button>
          </Group>
        </Stack>
      )}
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
    </Section>
  );
}
