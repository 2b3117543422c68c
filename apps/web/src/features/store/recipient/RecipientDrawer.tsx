import { formatExpirationDate } from '@laurel/certificate';
import type { Recipient, StoreRecipient } from '@laurel/domain';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Divider,
  Drawer,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../shared/api/errors.ts';
import { formatDateTime, plural } from '../../../shared/lib/format.ts';
import { getRecipient } from '../api/store.ts';
import { storeKeys } from '../query-keys.ts';
import { RecipientStatus } from '../StatusBadge.tsx';
import { CertificateImage } from './CertificatePreview.tsx';
import { RecipientHistory } from './RecipientHistory.tsx';
import type { ActionItem } from './useRecipientActions.tsx';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="stone.6" tt="uppercase" fw={600} style={{ letterSpacing: '0.04em' }}>
        {label}
      </Text>
      <Text size="sm" style={{ wordBreak: 'break-word' }}>
        {children}
      </Text>
    </div>
  );
}

const fieldLabel = (key: string) =>
  key === 'EXPIRATION_DATE' ? 'Expiration date' : key.charAt(0) + key.slice(1).toLowerCase().replace(/_/g, ' ');

/**
 * One recipient in full: their certificate, details, every delivery event as a timeline, and the
 * actions the issuer may take.
 */
export function RecipientDrawer({
  recipientId,
  onClose,
  actionsFor,
  showProject = true,
}: {
  recipientId: number | null;
  onClose(): void;
  actionsFor(recipient: Recipient): ActionItem[];
  showProject?: boolean;
}) {
  const detail = useQuery({
    queryKey: storeKeys.recipient(recipientId),
    queryFn: () => getRecipient(recipientId!),
    enabled: recipientId !== null,
  });
  const r: StoreRecipient | undefined = detail.data;
  const actions = r ? actionsFor(r).filter((a) => a.key !== 'details') : [];

  return (
    <Drawer opened={recipientId !== null} onClose={onClose} position="right" size="lg" title={<Text fw={650}>Recipient</Text>}>
      {detail.isPending && (
        <Stack>
          <Skeleton h={28} w="60%" />
          <Skeleton h={220} />
          <Skeleton h={120} />
        </Stack>
      )}
      {detail.isError && <Alert color="red">{errorMessage(detail.error)}</Alert>}
      {r && (
        <Stack gap="lg">
          <div>
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <div>
                <Title order={2} fz={22} className="display-title">
                  {`${r.first_name} ${r.last_name}`.trim()}
                </Title>
                <Text c="stone.6" size="sm">
                  {r.email}
                </Text>
              </div>
              <RecipientStatus state={r.state} revoked={r.revoked} />
            </Group>
          </div>
          <UnstyledButton onClick={() => actions.find((a) => a.key === 'view')?.onClick()} aria-label="View certificate">
            <CertificateImage recipient={r} width={720} maxHeight={300} />
          </UnstyledButton>
          <Group gap="xs">
            {actions.map((action) => {
              const button = (
                <Button
                  key={action.key}
                  size="xs"
                  variant={action.key === 'view' ? 'filled' : 'default'}
                  color={action.danger ? 'red' : undefined}
                  leftSection={action.icon}
                  onClick={action.onClick}
                  disabled={action.disabled}
                >
                  {action.label}
                </Button>
              );
              return action.hint ? (
                <Tooltip key={action.key} label={action.hint}>
                  <span>{button}</span>
                </Tooltip>
              ) : (
                button
              );
            })}
          </Group>
          <Divider />
          <SimpleGrid cols={2} spacing="md" verticalSpacing="sm">
            {showProject && (
              <Fact label="Project">
                <Anchor component={Link} to={`/store/projects/${r.project_id}`} size="sm" onClick={onClose}>
                  {r.project_title}
                </Anchor>
              </Fact>
            )}
            <Fact label="Certificate">{r.certificate_name}</Fact>
            <Fact label="Certificate number">{r.certificate_number}</Fact>
            <Fact label="Added">{formatDateTime(r.created_at)}</Fact>
            <Fact label="Sent">{r.sent_at ? formatDateTime(r.sent_at) : 'Not yet'}</Fact>
            <Fact label="Opened">{r.accessed_at ? formatDateTime(r.accessed_at) : r.sent ? 'Not opened yet' : '—'}</Fact>
            {r.revoked_at && <Fact label="Revoked">{formatDateTime(r.revoked_at)}</Fact>}
            {r.revoked_at && <Fact label="Reason for revoking">{r.revocation_reason ?? 'None given'}</Fact>}
            {r.resend_individual > 0 && <Fact label="Resent">{`${r.resend_individual} of 3 times`}</Fact>}
            {Object.entries(r.meta).map(([key, value]) => (
              <Fact key={key} label={fieldLabel(key)}>
                {key === 'EXPIRATION_DATE' && value ? formatExpirationDate(value) : value || '—'}
              </Fact>
            ))}
          </SimpleGrid>
          <Divider />
          <div>
            <Group justify="space-between" mb="sm">
              <Title order={3} fz="md">
                History
              </Title>
              <Badge variant="light" color="stone">
                {plural(r.history.length, 'event')}
              </Badge>
            </Group>
            <RecipientHistory events={r.history} />
          </div>
        </Stack>
      )}
    </Drawer>
  );
}
