import { type CustomDomain, CUSTOM_DOMAIN_MESSAGES as M } from '@laurel/domain';
import { Alert, Badge, Button, Card, FileButton, Group, Skeleton, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconLock, IconTrash, IconUpload } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../shared/api/errors.ts';
import { LoadFailed } from '../../shared/components/LoadFailed.tsx';
import { formatDate } from '../../shared/lib/format.ts';
import { notifySuccess } from '../../shared/lib/notify.ts';
import { CUSTOM_DOMAIN_KEY, getCustomDomain, removeSslCertificate, saveCustomDomain, saveSslCertificate } from './api.ts';

/** Reads a chosen PEM file into the field it belongs to. */
function PemFileButton({ label, onText }: { label: string; onText(text: string): void }) {
  return (
    <Group>
      <FileButton accept=".pem,.crt,.cer,.key,.txt" onChange={(file) => void file?.text().then(onText)}>
        {(props) => (
          <Button {...props} size="xs" variant="subtle" leftSection={<IconUpload size={14} />}>
            {label}
          </Button>
        )}
      </FileButton>
    </Group>
  );
}

/**
 * The custom portal URL with SSL (docs/product/recipient-portal.md): the address recipients may use instead of the
 * account's subdomain, and the certificate the app serves for it. The certificate and key are checked
 * on the server before saving; the key is never shown again, only the certificate's names and expiry.
 */
export function CustomDomainCard() {
  const queryClient = useQueryClient();
  const domain = useQuery({ queryKey: CUSTOM_DOMAIN_KEY, queryFn: getCustomDomain });
  const [host, setHost] = useState('');
  const [sslOpen, setSslOpen] = useState(false);
  const [certificate, setCertificate] = useState('');
  const [key, setKey] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (!domain.data) return;
    setHost(domain.data.host);
    setSslOpen(domain.data.is_ssl);
  }, [domain.data]);

  const settle = (message: string, next: CustomDomain) => {
    queryClient.setQueryData(CUSTOM_DOMAIN_KEY, next);
    setProblem(null);
    notifySuccess(message);
  };
  const saveUrl = useMutation({
    mutationFn: (active?: boolean) => saveCustomDomain(host, active),
    onSuccess: (reply) => settle(reply.message, reply.domain),
    onError: (error) => setProblem(`${M.urlError} ${errorMessage(error)}`),
  });
  const saveSsl = useMutation({
    mutationFn: () => saveSslCertificate(certificate, key),
    onSuccess: (reply) => {
      setCertificate('');
      setKey('');
      settle(reply.message, reply.domain);
    },
    onError: (error) => setProblem(`${M.sslError} ${errorMessage(error)}`),
  });
  const removeSsl = useMutation({
    mutationFn: removeSslCertificate,
    onSuccess: (reply) => settle(reply.message, reply.domain),
    onError: (error) => setProblem(`${M.sslRemoveError} ${errorMessage(error)}`),
  });

  const data = domain.data;
  const stored = data?.host ?? '';
  const info = data?.certificate ?? null;

  return (
    <Card padding="xl" shadow="xs" component="section" aria-labelledby="custom-domain-title">
      <Stack gap="md">
        <div>
          <Group gap="xs">
            <Text fw={650} id="custom-domain-title">
              Custom portal URL
            </Text>
            {data?.host && (
              <Badge variant="light" color={data.active ? 'laurel' : 'gray'}>
                {data.active ? 'Active' : 'Inactive'}
              </Badge>
            )}
          </Group>
          <Text size="sm" c="stone.6">
            Serve your recipient portal from your own domain, such as certificates.example.com. Point the domain’s DNS at this service, then
            add its SSL certificate below.
          </Text>
        </div>
        {domain.isError && (
          <LoadFailed title="The custom URL could not be loaded" error={domain.error} onRetry={() => void domain.refetch()} />
        )}
        {domain.isPending && <Skeleton height={72} />}
        {problem && (
          <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
            {problem}
          </Alert>
        )}
        {data && (
          <>
            <Group align="flex-end" gap="sm" wrap="wrap">
              <TextInput
                label="Custom URL"
                placeholder="certificates.example.com"
                description="Leave empty and save to stop using a custom URL."
                style={{ flex: '1 1 260px' }}
                value={host}
                onChange={(event) => setHost(event.currentTarget.value)}
              />
              <Button loading={saveUrl.isPending} onClick={() => saveUrl.mutate(undefined)} disabled={host.trim() === stored && !!stored}>
                Save URL
              </Button>
            </Group>
            {stored && (
              <Switch
                label="Active: recipients reach the portal at this address"
                checked={data.active}
                disabled={saveUrl.isPending}
                onChange={(event) => {
                  setHost(stored);
                  saveUrl.mutate(event.currentTarget.checked);
                }}
              />
            )}
            <Switch
              label="SSL (https)"
              checked={sslOpen}
              disabled={!stored}
              description={stored ? undefined : M.urlRequiredForSsl}
              onChange={(event) => setSslOpen(event.currentTarget.checked)}
            />
            {sslOpen && stored && info && (
              <Card withBorder padding="md" radius="md">
                <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
                  <Stack gap={2}>
                    <Group gap={6}>
                      <IconLock size={16} />
                      <Text size="sm" fw={600}>
                        Certificate in use
                      </Text>
                    </Group>
                    <Text size="sm">{`Names: ${info.names.join(', ')}`}</Text>
                    <Text size="sm" c="stone.6">{`Valid until ${formatDate(info.not_after)} · issued by ${info.issuer}`}</Text>
                  </Stack>
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    leftSection={<IconTrash size={14} />}
                    loading={removeSsl.isPending}
                    onClick={() => removeSsl.mutate()}
                  >
                    Remove certificate
                  </Button>
                </Group>
              </Card>
            )}
            {sslOpen && stored && (
              <Stack gap="sm">
                <Text size="sm" c="stone.6">
                  {info ? 'Replace it: ' : ''}paste the certificate for {stored} (the site certificate first, then its intermediates) and
                  its private key, or choose the files.
                </Text>
                <Textarea
                  label="Certificate (PEM)"
                  placeholder="-----BEGIN CERTIFICATE-----"
                  autosize
                  minRows={3}
                  maxRows={8}
                  ff="monospace"
                  value={certificate}
                  onChange={(event) => setCertificate(event.currentTarget.value)}
                />
                <PemFileButton label="Choose certificate file" onText={setCertificate} />
                <Textarea
                  label="Private key (PEM)"
                  placeholder="-----BEGIN PRIVATE KEY-----"
                  autosize
                  minRows={3}
                  maxRows={8}
                  ff="monospace"
                  value={key}
                  onChange={(event) => setKey(event.currentTarget.value)}
                />
                <PemFileButton label="Choose key file" onText={setKey} />
                <Group>
                  <Button loading={saveSsl.isPending} disabled={!certificate.trim() || !key.trim()} onClick={() => saveSsl.mutate()}>
                    Save certificate
                  </Button>
                </Group>
              </Stack>
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}
