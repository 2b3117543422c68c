import type { CredentialVerification, CredentialVerificationStatus } from '@laurel/domain';
import { Anchor, Badge, Group, Image, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconCircleX,
  IconClockX,
  IconFileAlert,
  IconFileUnknown,
  IconHistory,
  IconQuestionMark,
} from '@tabler/icons-react';
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
    text: (r) =>
      `The certificate is genuine, but ${issuerName(r)} has revoked it${r.revoked_at ? ` on ${day(r.revoked_at)}` : ''}: it no longer counts.${r.revocation_reason ? ` Reason: ${r.revocation_reason}` : ''}`,
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
  not_yet_valid: {
    label: 'Not yet valid',
    heading: 'Genuine, but not valid yet',
    text: (r) => `The certificate is genuine, but it counts only from ${day(r.valid_from) ?? 'a later date'}.`,
    color: 'gilt',
    icon: <IconClockX size={24} />,
  },
  invalid_dates: {
    label: 'Dates contradict',
    heading: 'Genuine, but its dates contradict each other',
    text: (r) =>
      `The certificate is genuine and unchanged, but it ends on ${day(r.valid_until) ?? 'its expiry date'}, before it begins on ${day(r.valid_from) ?? 'its issue date'}, so it is not in force. Ask ${issuerName(r)} to issue it again.`,
    color: 'gilt',
    icon: <IconClockX size={24} />,
  },
  superseded: {
    label: 'Superseded',
    heading: 'An earlier version',
    text: (r) =>
      `The certificate is genuine, but ${issuerName(r)} corrected it on ${day(r.superseded_at) ?? 'a later date'}: this version no longer counts. The current certificate is on its page.`,
    color: 'gilt',
    icon: <IconHistory size={24} />,
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
 * A genuine credential inside a PDF or PNG that is not a file its issuer handed out: the credential is vouched for,
 * the document around it (what it shows) is not.
 */
function notIssuedWording(report: CredentialVerification): Wording {
  const whom = [report.recipient_name, report.achievement_name].filter(Boolean).join(', ');
  const issued = day(report.valid_from);
  const standing = report.status === 'valid' ? '' : ` The credential itself: ${WORDING[report.status].heading.toLowerCase()}.`;
  return {
    label: 'Not the issued file',
    heading: 'The document is not the one issued',
    text: () =>
      `This file carries the genuine credential of ${whom || 'a certificate'}${issued ? `, issued ${issued}` : ''}; the document around it is not one ${issuerName(report)} issued, so what it shows may differ. Compare it with the certificate as issued.${standing}`,
    color: 'red',
    icon: <IconFileAlert size={24} />,
  };
}

/**
 * Light badges with their darkest shade as text (the default text is too pale on the tint, WCAG 1.4.3);
 * red is filled instead, since red.9 on its tint only just reaches 4.5:1.
 */
const badgeColors = (color: string) =>
  color === 'red' ? { variant: 'filled', color: 'red.9' } : { variant: 'light', color, c: `${color}.9` };

/** What checking a file found: its standing first, then what the credential says. */
export function CredentialVerdict({ report, fileName }: { report: CredentialVerification; fileName: string }) {
  const wording = report.document === 'not_issued' ? notIssuedWording(report) : WORDING[report.status];
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
            {report.current_url && (
              <Anchor href={report.current_url} size="sm" display="inline-block" mt={4}>
                See the current certificate
              </Anchor>
            )}
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
        {report.issued_image_url && (
          <figure style={{ margin: 0 }}>
            <Text component="figcaption" size="xs" c="dimmed" mb={4}>
              The certificate as issued with this credential
            </Text>
            <Image
              src={report.issued_image_url}
              alt={`The certificate as issued${report.recipient_name ? ` to ${report.recipient_name}` : ''}`}
              radius="sm"
              bd="1px solid var(--mantine-color-default-border)"
              data-testid="issued-image"
            />
          </figure>
        )}
      </Stack>
    </Paper>
  );
}
