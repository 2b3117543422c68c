import { type DashboardProgress, progressStep } from '@laurel/domain';
import { Button, Card, Group, Progress, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCertificate, IconCheck, IconSend, IconStack2 } from '@tabler/icons-react';
import { Link } from 'react-router';

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
  { to: '/store', icon: IconStack2, title: 'Manage your projects', text: 'Follow deliveries, resend, export and revoke from the store.' },
] as const;

/** What comes after the first send: following it, sending more, designing more. */
const NEXT = [
  { to: '/store', icon: IconStack2, title: 'Follow your send', text: 'See who opened and downloaded, resend, export or revoke.' },
  { to: '/send', icon: IconSend, title: 'Send to more people', text: 'Reuse your design for the next group of recipients.' },
  { to: '/build', icon: IconCertificate, title: 'Design another certificate', text: 'A new course or event gets a set of its own.' },
] as const;

/**
 * The three onboarding steps (docs/product/dashboard.md#flows): 33, 67 or 100 percent, the next step highlighted. Once all
 * are done the card ends with a short "done" state and what to do next, until it is dismissed.
 */
export function OnboardingTasks({ progress, onHide }: { progress: DashboardProgress | null; onHide(): void }) {
  const { percent, activeStep } = progressStep(progress);
  if (activeStep === null) return <OnboardingDone onDismiss={onHide} />;
  return (
    <Card padding="lg" shadow="xs">
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Title order={2} fz={18}>
          Get started
        </Title>
        <Button variant="subtle" size="xs" onClick={onHide}>
          Hide tasks
        </Button>
      </Group>
      <Group gap="sm" mb="md" wrap="nowrap">
        <Progress value={percent} style={{ flex: 1 }} aria-label="Onboarding progress" />
        <Text size="sm" fw={600} w={44} ta="right">
          {percent}%
        </Text>
      </Group>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
        {STEPS.map((step, index) => {
          const done = activeStep === null || index + 1 < activeStep;
          const active = index + 1 === activeStep;
          return (
            <Card
              key={step.to}
              component={Link}
              to={step.to}
              withBorder
              padding="md"
              radius="md"
              bg={active ? 'laurel.0' : 'stone.0'}
              style={{ textDecoration: 'none', borderColor: active ? 'var(--mantine-color-laurel-4)' : undefined }}
              aria-current={active ? 'step' : undefined}
            >
              <Group wrap="nowrap" align="flex-start" gap="sm">
                <ThemeIcon radius="xl" size={32} variant={done ? 'filled' : 'white'} c={done ? undefined : 'laurel.8'}>
                  {done ? (
                    <IconCheck size={16} aria-label="Done" />
                  ) : (
                    <Text fw={700} size="sm">
                      {index + 1}
                    </Text>
                  )}
                </ThemeIcon>
                <StepText step={step} />
              </Group>
            </Card>
          );
        })}
      </SimpleGrid>
    </Card>
  );
}

/** A step's title and what it is about, as both the tasks and the next steps show them. */
function StepText({ step }: { step: { title: string; text: string } }) {
  return (
    <Stack gap={2} style={{ flex: 1 }}>
      <Text fw={600} size="sm" c="black">
        {step.title}
      </Text>
      <Text size="xs" c="stone.6">
        {step.text}
      </Text>
    </Stack>
  );
}

/** The onboarding's end: the first certificates are out, and the next things worth doing. */
function OnboardingDone({ onDismiss }: { onDismiss(): void }) {
  return (
    <Card padding="lg" shadow="xs" component="section" aria-labelledby="onboarding-done">
      <Group justify="space-between" mb="md" wrap="nowrap" align="flex-start">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon radius="xl" size={36}>
            <IconCheck size={20} aria-hidden />
          </ThemeIcon>
          <div>
            <Title order={2} fz={18} id="onboarding-done">
              You sent your first certificates
            </Title>
            <Text size="sm" c="stone.6">
              Getting started is done. Here is what to do next.
            </Text>
          </div>
        </Group>
        <Button variant="subtle" size="xs" onClick={onDismiss}>
          Dismiss
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
        {NEXT.map((step) => (
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
              <ThemeIcon radius="xl" size={32} variant="white" c="laurel.8">
                <step.icon size={16} aria-hidden />
              </ThemeIcon>
              <StepText step={step} />
            </Group>
          </Card>
        ))}
      </SimpleGrid>
    </Card>
  );
}
