import { DEFAULT_LIST_PAGE_SIZES } from '@laurel/domain';
import { Badge, Button, Card, Group, Pagination, SimpleGrid, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconArrowRight, IconCertificate, IconPlus } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { EmptyPanel } from '../../../shared/components/EmptyPanel.tsx';
import { LoadFailed } from '../../../shared/components/LoadFailed.tsx';
import { plural } from '../../../shared/lib/format.ts';
import { useSignedInUser } from '../../../shared/session/queries.ts';
import { Thumbnail } from '../../designer/index.ts';
import { listSendCertificates, type SendCertificate } from '../api/send.ts';
import { fieldLabel } from '../fields.ts';
import { sendKeys } from '../query-keys.ts';

/** Step 1: the account's certificate sets, a page at a time (docs/product/send-wizard.md#screens; page size the user's sendSelect setting). */
export function SelectStep({ onSelect }: { onSelect: (certificate: SendCertificate) => void }) {
  const user = useSignedInUser();
  const accountId = user.account?.id ?? 0;
  const pageSize = user.pagination.sendSelect ?? DEFAULT_LIST_PAGE_SIZES.sendSelect;
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: sendKeys.select(accountId, page, pageSize),
    queryFn: () => listSendCertificates(accountId, { limit: pageSize, offset: (page - 1) * pageSize }),
    placeholderData: keepPreviousData,
    enabled: accountId > 0,
  });
  const count = list.data?.count ?? 0;
  const pages = Math.max(1, Math.ceil(count / pageSize));

  if (list.isError) {
    return <LoadFailed title="Your certificates could not be loaded" error={list.error} onRetry={() => void list.refetch()} />;
  }
  if (list.isSuccess && count === 0) {
    return (
      <EmptyPanel
        icon={<IconCertificate size={26} stroke={1.6} />}
        title="Design a certificate to send"
        description="Sending starts from a certificate design. Create one from a template in a few minutes; it appears here, ready for your list of recipients."
        action={{ label: 'Design a certificate', to: '/build', icon: <IconPlus size={16} /> }}
        secondary={{ label: 'See what you have sent', to: '/store' }}
      />
    );
  }

  return (
    <Stack gap="lg">
      <Text c="stone.7">
        Which certificate are you sending? Each person on your list gets their own copy, with their name and details filled in.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
        {list.isPending &&
          Array.from({ length: pageSize }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: identical loading placeholders with nothing else to key by; they never reorder
            <Card key={i} padding={0} radius="md">
              <Skeleton style={{ aspectRatio: '4 / 3' }} radius={0} />
              <Stack gap={8} p="md">
                <Skeleton h={16} w="60%" />
                <Skeleton h={12} w="80%" />
              </Stack>
            </Card>
          ))}
        {list.data?.certificates.map((certificate) => (
          <CertificateChoice key={certificate.id} certificate={certificate} onSelect={() => onSelect(certificate)} />
        ))}
      </SimpleGrid>
      {pages > 1 && (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {plural(count, 'certificate')}
          </Text>
          {/* One sibling and no boundaries: at most 5 page links (docs/product/send-wizard.md#rules-and-limits). */}
          <Pagination total={pages} value={page} onChange={setPage} siblings={1} boundaries={0} aria-label="Certificate pages" />
        </Group>
      )}
    </Stack>
  );
}

function CertificateChoice({ certificate, onSelect }: { certificate: SendCertificate; onSelect: () => void }) {
  const needed = certificate.fields.filter((f) => !f.optional);
  return (
    <Card padding={0} radius="md" shadow="xs" data-testid="send-certificate">
      <UnstyledButton onClick={onSelect} aria-label={`Preview of ${certificate.name}`} tabIndex={-1}>
        <Thumbnail src={certificate.image} portrait={certificate.is_portrait} label={certificate.name} />
      </UnstyledButton>
      <Stack gap="sm" p="md" style={{ flex: 1 }}>
        <Text fw={650} truncate title={certificate.name}>
          {certificate.name}
        </Text>
        <div>
          <Text size="xs" c="dimmed" mb={4}>
            Each recipient needs
          </Text>
          <Group gap={4}>
            {needed.map((f) => (
              <Badge
                key={f.key}
                size="xs"
                variant="light"
                color={f.kind === 'data' || f.kind === 'expiration_date' ? 'gilt' : 'gray'}
                tt="none"
              >
                {fieldLabel(f)}
              </Badge>
            ))}
          </Group>
        </div>
        <Button
          mt="auto"
          variant="light"
          rightSection={<IconArrowRight size={16} />}
          onClick={onSelect}
          aria-label={`Send ${certificate.name}`}
        >
          {/* The name begins with the words shown, as speech input expects (WCAG 2.5.3). */}
          Send
        </Button>
      </Stack>
    </Card>
  );
}
