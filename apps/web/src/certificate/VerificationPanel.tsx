import type { PublicCertificate } from '@laurel/domain';
import { Badge, Divider, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCircleX } from '@tabler/icons-react';

const STATUS = {
  valid: { label: 'Valid', color: 'laurel', icon: IconCircleCheck, text: 'This certificate is genuine and in force.' },
  expired: { label: 'Expired', color: 'orange', icon: IconAlertTriangle, text: 'This certificate is genuine but has expired.' },
  revoked: { label: 'Revoked', color: 'red', icon: IconCircleX, text: 'The issuer has revoked this certificate.' },
} as const;

const formatDate = (iso: string) =>
  new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso).toLocaleDateString(undefined, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Group justify="space-between" gap="md" wrap="nowrap">
      <Text size="sm" c="stone.6">
        {label}
      </Text>
      <Text size="sm" fw={600} ta="right">
        {value}
      </Text>
    </Group>
  );
}

/** What a verifier needs to know: issued by whom, to whom, when, and whether it still holds. */
export function VerificationPanel({ certificate }: { certificate: PublicCertificate }) {
  const status = STATUS[certificate.status];
  return (
    <Stack gap="md" data-testid="verification">
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon size={40} radius="xl" variant="light" color={status.color}>
          <status.icon size={22} />
        </ThemeIcon>
        <div>
          <Group gap={8}>
            {/* A revoked certificate is not vouched for: the page says what it is, not that it checks out. */}
            <Text fw={650}>{certificate.status === 'revoked' ? 'Revoked by its issuer' : 'Verified by Laurel'}</Text>
            <Badge color={status.color} variant="light" data-testid="certificate-status">
              {status.label}
            </Badge>
          </Group>
          <Text size="sm" c="stone.6">
            {status.text}
          </Text>
        </div>
      </Group>
      <Divider />
      <Stack gap={8}>
        <Fact label="Recipient" value={certificate.recipient_name} />
        <Fact label="Issued by" value={certificate.issuer.name} />
        <Fact label="Issued on" value={formatDate(certificate.issued_at)} />
        <Fact label="Expires" value={certificate.expires_on ? formatDate(certificate.expires_on) : 'Does not expire'} />
        <Fact label="Certificate number" value={certificate.certificate_number} />
        {certificate.revoked_at && <Fact label="Revoked on" value={formatDate(certificate.revoked_at)} />}
        {certificate.revocation_reason && <Fact label="Reason" value={certificate.revocation_reason} />}
      </Stack>
    </Stack>
  );
}
