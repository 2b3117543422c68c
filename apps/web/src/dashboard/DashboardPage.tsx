import { availableCredits, planDisplayName } from '@laurel/domain';
import { Badge, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCertificate, IconChevronRight, IconCoins, IconGlobe, IconPlus, IconSend, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { EmptyPanel } from '../components/EmptyPanel.tsx';
import { PageHeader } from '../components/PageHeader.tsx';
import { firstName } from '../lib/format.ts';
import { useSignedInUser } from '../session/queries.ts';

function greeting(hour: number): string {
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}

function Stat({ label, value, hint, icon }: { label: string; value: ReactNode; hint?: string; icon: ReactNode }) {
  return (
    <Card padding="md" shadow="xs">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4}>
          <Text size="sm" c="stone.6" fw={500}>
            {label}
          </Text>
          <Text fz={28} fw={650} lh={1.1}>
            {value}
          </Text>
          {hint && (
            <Text size="xs" c="stone.5">
              {hint}
            </Text>
          )}
        </Stack>
        <ThemeIcon variant="light" size={36} radius="md" visibleFrom="sm">
          {icon}
        </ThemeIcon>
      </Group>
    </Card>
  );
}

const STEPS = [
  {
    to: '/build',
    icon: IconCertificate,
    title: 'Design a certificate',
    text: 'Your logo, your layout, the recipient’s name where it belongs.',
  },
  {
    to: '/send',
    icon: IconSend,
    title: 'Import recipients and send',
    text: 'Upload a spreadsheet and send a personalised certificate to each person.',
  },
  {
    to: '/account/configure-portal-settings',
    icon: IconGlobe,
    title: 'Brand your recipient portal',
    text: 'Where recipients find, download and share what you sent them.',
  },
] as const;

/** The account at a glance: credits, plan, and the way to the first send. */
export function DashboardPage() {
  const user = useSignedInUser();
  const account = user.account;
  return (
    <>
      <PageHeader
        eyebrow="Dashboard"
        tutorial="dashboard"
        title={`${greeting(new Date().getHours())}, ${firstName(user)}`}
        description={account ? `Here is how ${account.name} is doing.` : 'Here is how Laurel is doing.'}
      />
      <Stack gap="xl">
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing={{ base: 'sm', sm: 'md' }}>
          <Stat label="Certificates sent" value="0" hint="All time" icon={<IconCertificate size={20} />} />
          <Stat label="Recipients" value="0" hint="Unique people" icon={<IconUsers size={20} />} />
          <Stat
            label="Credits available"
            value={account ? availableCredits(account).toLocaleString('en-US') : '—'}
            hint="One credit sends one certificate"
            icon={<IconCoins size={20} />}
          />
          <Card padding="md" shadow="xs">
            <Stack gap={6}>
              <Text size="sm" c="stone.6" fw={500}>
                Plan
              </Text>
              <Group gap="xs">
                <Text fz={22} fw={650} lh={1.2}>
                  {account ? planDisplayName(account) : 'Administrator'}
                </Text>
              </Group>
              {account && account.trial_days_remaining > 0 && (
                <Badge variant="light" color="gilt" w="fit-content">
                  {account.trial_days_remaining} trial days left
                </Badge>
              )}
            </Stack>
          </Card>
        </SimpleGrid>

        <Card padding="lg" shadow="xs">
          <Title order={2} fz={18} mb="md">
            Get started
          </Title>
          <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
            {STEPS.map((step, index) => (
              <Card
                key={step.to}
                component={Link}
                to={step.to}
                withBorder
                padding="md"
                radius="md"
                bg="stone.0"
                style={{ textDecoration: 'none' }}
              >
                <Group wrap="nowrap" align="flex-start" gap="sm">
                  <ThemeIcon radius="xl" size={32} variant="white" c="laurel.8" style={{ border: '1px solid var(--laurel-border)' }}>
                    <Text fw={700} size="sm">
                      {index + 1}
                    </Text>
                  </ThemeIcon>
                  <Stack gap={2} style={{ flex: 1 }}>
                    <Group gap={4} wrap="nowrap">
                      <Text fw={600} size="sm" c="black">
                        {step.title}
                      </Text>
                      <IconChevronRight size={14} color="var(--mantine-color-stone-5)" />
                    </Group>
                    <Text size="xs" c="stone.6">
                      {step.text}
                    </Text>
                  </Stack>
                </Group>
              </Card>
            ))}
          </SimpleGrid>
        </Card>

        <EmptyPanel
          icon={<IconCertificate size={26} stroke={1.6} />}
          title="Create your first certificate"
          description="Sends, opens and downloads show up here as soon as your first certificates are on their way."
          action={{ label: 'Create your first certificate', to: '/build', icon: <IconPlus size={16} /> }}
        />
      </Stack>
    </>
  );
}
