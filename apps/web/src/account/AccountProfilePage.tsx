import { planDisplayName } from '@laurel/domain';
import { Avatar, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageHeader } from '../components/PageHeader.tsx';
import { useAppConfig, useSignedInUser } from '../session/queries.ts';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="stone.5" fw={600} tt="uppercase" style={{ letterSpacing: '0.06em' }}>
        {label}
      </Text>
      <Text size="sm" fw={500}>
        {children}
      </Text>
    </Stack>
  );
}

/** /account: who is signed in and the account they work in. */
export function AccountProfilePage() {
  const user = useSignedInUser();
  const { data: config } = useAppConfig();
  const account = user.account;
  const fullName = `${user.first_name} ${user.last_name}`.trim() || user.username;
  return (
    <>
      <PageHeader
        eyebrow="Account"
        title="Profile"
        description="Your details and the account you work in. Changing them asks for your password."
      />
      <Stack gap="lg">
        <Card padding="xl" shadow="xs">
          <Group gap="lg" mb="lg">
            <Avatar size={64} radius="xl" color="laurel" src={user.image ?? undefined}>
              {fullName.charAt(0).toUpperCase()}
            </Avatar>
            <Stack gap={2}>
              <Text fw={650} size="lg">
                {fullName}
              </Text>
              <Text c="stone.6" size="sm">
                {user.email}
              </Text>
            </Stack>
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            <Field label="First name">{user.first_name || '—'}</Field>
            <Field label="Last name">{user.last_name || '—'}</Field>
            <Field label="Email">{user.email}</Field>
            <Field label="Username">{user.username}</Field>
          </SimpleGrid>
        </Card>
        {account && (
          <Card padding="xl" shadow="xs">
            <Text fw={650} mb="lg">
              Organisation
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
              <Field label="Account name">{account.name}</Field>
              <Field label="Plan">{planDisplayName(account)}</Field>
              <Field label="Portal address">{config ? `${account.url}.${config.base_domain}` : account.url}</Field>
              <Field label="Country">{account.country}</Field>
            </SimpleGrid>
          </Card>
        )}
      </Stack>
    </>
  );
}
