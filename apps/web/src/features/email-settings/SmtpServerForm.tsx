import type { SmtpSecurity } from '@laurel/domain';
import { Group, NumberInput, PasswordInput, Select, SimpleGrid, Switch, TextInput } from '@mantine/core';
import { SecurityHelp } from './SecurityHelp.tsx';

export interface ServerDraft {
  host: string;
  port: number | null;
  security: SmtpSecurity;
  use_auth: boolean;
  username: string;
  password: string;
}

const SECURITY_OPTIONS = [
  { value: 'tls', label: 'SSL/TLS (usually port 465)' },
  { value: 'starttls', label: 'STARTTLS (usually port 587)' },
  { value: 'none', label: 'None (not encrypted)' },
];
const PORT_OF: Record<SmtpSecurity, number> = { tls: 465, starttls: 587, none: 25 };

/** Host, port, security and sign-in of the account's own server. */
export function SmtpServerForm({
  draft,
  hasPassword,
  errors,
  onChange,
}: {
  draft: ServerDraft;
  hasPassword: boolean;
  errors: Partial<Record<keyof ServerDraft, string>>;
  onChange: (change: Partial<ServerDraft>) => void;
}) {
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <TextInput
          label="Host"
          placeholder="smtp.example.com"
          required
          value={draft.host}
          error={errors.host}
          onChange={(e) => onChange({ host: e.currentTarget.value })}
        />
        <NumberInput
          label="Port"
          required
          min={1}
          max={65535}
          allowDecimal={false}
          allowNegative={false}
          value={draft.port ?? ''}
          error={errors.port}
          onChange={(value) => onChange({ port: typeof value === 'number' ? value : null })}
        />
        <Group align="flex-end" gap={4} wrap="nowrap">
          <Select
            label="Security"
            data={SECURITY_OPTIONS}
            allowDeselect={false}
            value={draft.security}
            style={{ flex: 1 }}
            onChange={(value) => {
              const security = (value ?? 'starttls') as SmtpSecurity;
              // The usual port follows the security unless the issuer typed another.
              const usual = Object.values(PORT_OF).includes(draft.port ?? 0) || draft.port === null;
              onChange({ security, ...(usual ? { port: PORT_OF[security] } : {}) });
            }}
          />
          <SecurityHelp />
        </Group>
      </SimpleGrid>
      <Switch
        label="My server requires a user name and password"
        checked={draft.use_auth}
        onChange={(e) => onChange({ use_auth: e.currentTarget.checked })}
      />
      {draft.use_auth && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label="User name"
            autoComplete="off"
            required
            value={draft.username}
            error={errors.username}
            onChange={(e) => onChange({ username: e.currentTarget.value })}
          />
          <PasswordInput
            label="Password"
            autoComplete="new-password"
            required={!hasPassword}
            placeholder={hasPassword ? 'Saved (leave empty to keep it)' : undefined}
            value={draft.password}
            error={errors.password}
            onChange={(e) => onChange({ password: e.currentTarget.value })}
          />
        </SimpleGrid>
      )}
    </>
  );
}
