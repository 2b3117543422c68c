import type { CredentialVerification, CredentialVerificationStatus } from '@laurel/domain';
import { Badge, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCircleX, IconClockX, IconFileUnknown, IconQuestionMark } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** Dates as the credential states them, in UTC: a certificate valid "until 31 December" is not a day off abroad. */
const dateOnly = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const day = (iso: string | null) => {
  const date = iso ? new Date(iso) : null;
  return date && !Number.isNaN(date.getTime()) ? dateOnly.format(date) : null;
};

type Wording = { label: string; heading: string; text: (report: CredentialVerification) => string; color: string; icon: ReactNode };

const issuerName = (report: CredentialVerification) => report.issuer?.name || 'its issuer';

/** Each outcome in words someone who has never heard of credentials understands. */
const WORDING: Record<CredentialVerificationStatus, Wording> = {
  valid: {
    label: 'Valid',
    heading: 'Genuine and valid',
    text: (r) => `This certificate was issued by ${issuerName(r)}, has not been changed since, and has not been revoked.`,
    color: 'laurel',
    icon: <IconCircleCheck size={24} />,
  },
  revoked: {
    label: 'Revoked',
    heading: 'Revoked by its issuer',
    text: (r) => `The certificate is genuine, but ${issuerName(r)} has revoked it: it no longer counts.`,
    color: 'red',
    icon: <IconCircleX size={24} />,
  },
  expired: {
    label: 'Expired',
    heading: 'Genuine, but expired',
    text: (r) => `The certificate is genuine, but it was valid only until ${day(r.valid_until) ?? 'its expiry date'}.`,
    color: 'gilt',
    icon: <IconClockX size={24} />,
  },
  tampered: {
    label: 'Tampered',
    heading: 'Changed after it was issued',
    text: () =>
      "What this file says does not match its issuer's signature: something in it was changed after it was issued. Do not rely on it.",
    color: 'red',
    icon: <IconAlertTriangle size={24} />,
  },
  unknown_issuer: {
    label: 'Not issued here',
    heading: 'Not issued with Laurel',
    text: () => "This credential comes from another issuer's system, so it cannot be checked here. Ask its issuer how to verify it.",
    color: 'stone',
    icon: <IconQuestionMark size={24} />,
  },
  malformed: {
    label: 'Not a credential',
    heading: 'Not a verifiable credential',
    text: () => 'The file holds data, but not a certificate credential that can be checked.',
    color: 'stone',
    icon: <IconFileUnknown size={24} />,
  },
};

/**
 * Light badges with their darkest shade as text (the default text is too pale on the tint, WCAG 1.4.3);
 * red is filled instead, since red.9 on its tint only just reaches 4.5:1.
 */
const badgeColors = (color: string) =>
  color === 'red' ? { variant: 'filled', color: 'red.9' } : { variant: 'light', color, c: `${color}.9` };

/** What checking a file found: its standing first, then what the credential says. */
export function CredentialVerdict({ report, fileName }: { report: CredentialVerification; fileName: string }) {
  const wording = WORDING[report.status];
  const facts: [string, string | null][] = [
    ['Recipient', report.recipient_name],
    ['Awarded', report.achievement_name],
    ['Issued by', report.issuer?.name || null],
    ['Issued on', day(report.valid_from)],
    ['Expires', report.valid_until ? day(report.valid_until) : report.status === 'malformed' ? null : 'Does not expire'],
  ];
  return (
    <Paper withBorder radius="md" p="md" role="status" aria-live="polite" data-testid="credential-verdict">
      <Stack gap="md">
        <Group gap="md" wrap="nowrap" align="flex-start">
          <ThemeIcon size={40} radius="xl" variant="light" color={wording.color} aria-hidden>
            {wording.icon}
          </ThemeIcon>
          <div>
            <Group gap="xs">
              <Title order={3} fz="lg">
                {wording.heading}
              </Title>
              <Badge {...badgeColors(wording.color)} data-testid="credential-status">
                {wording.label}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed" mt={4}>
              {wording.text(report)}
            </Text>
            <Text size="xs" c="dimmed" mt={4}>
              Checked: {fileName}
            </Text>
          </div>
        </Group>
        {report.status !== 'malformed' && (
          <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs" m={0}>
            {facts
              .filter((fact): fact is [string, string] => !!fact[1])
              .map(([label, value]) => (
                <div key={label}>
                  <Text component="dt" size="xs" c="dimmed">
                    {label}
                  </Text>
                  <Text component="dd" size="sm" fw={500} m={0}>
                    {value}
                  </Text>
                </div>
              ))}
          </SimpleGrid>
        )}
      </Stack>
    </Paper>
  );
}
