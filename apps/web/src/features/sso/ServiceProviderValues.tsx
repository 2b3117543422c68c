import type { SsoConfigurationReply } from '@laurel/domain';
import { ActionIcon, Card, Code, CopyButton, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

const ROWS: { key: keyof SsoConfigurationReply['service_provider']; label: string; hint: string }[] = [
  { key: 'entity_id', label: 'Entity ID (audience)', hint: 'Also called SP entity ID or Audience URI.' },
  { key: 'acs_url', label: 'Assertion consumer service URL', hint: 'Also called ACS, single sign-on or reply URL (HTTP-POST).' },
  { key: 'sls_url', label: 'Single logout URL', hint: 'Optional in most identity providers.' },
  { key: 'metadata_url', label: 'Metadata URL', hint: 'Identity providers that import metadata read everything from here once saved.' },
];

/** What the admin pastes into the identity provider, each with a copy button. */
export function ServiceProviderValues({ values }: { values: SsoConfigurationReply['service_provider'] }) {
  return (
    <Card padding="xl" shadow="xs" component="section" aria-label="Values for your identity provider">
      <Stack gap="md">
        <div>
          <Text fw={650} size="lg">
            Values for your identity provider
          </Text>
          <Text size="sm" c="stone.6">
            Create a SAML application in your identity provider with these values. Assertions must be signed.
          </Text>
        </div>
        {ROWS.map((row) => (
          <Stack key={row.key} gap={4}>
            <Text size="sm" fw={600}>
              {row.label}
            </Text>
            <Group gap="xs" wrap="nowrap" align="center">
              <Code style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere', whiteSpace: 'normal' }} py={6} data-testid={`sp-${row.key}`}>
                {values[row.key]}
              </Code>
              <CopyButton value={values[row.key]} timeout={2000}>
                {({ copied, copy }) => (
                  <Tooltip label={copied ? 'Copied' : 'Copy'} withArrow>
                    <ActionIcon variant="subtle" color={copied ? 'teal' : 'gray'} onClick={copy} aria-label={`Copy ${row.label}`}>
                      {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                    </ActionIcon>
                  </Tooltip>
                )}
              </CopyButton>
            </Group>
            <Text size="xs" c="stone.6">
              {row.hint}
            </Text>
          </Stack>
        ))}
      </Stack>
    </Card>
  );
}
