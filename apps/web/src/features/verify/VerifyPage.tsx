import { verifyCertificateRequest } from '@laurel/domain';
import { Alert, Box, Button, Card, Container, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconRosetteDiscountCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { errorMessage } from '../../shared/api/errors.ts';
import { PublicPageHeader } from '../../shared/components/PublicPageHeader.tsx';
import { validateWith } from '../../shared/forms/schema.ts';
import { verifyCertificate } from './api.ts';
import { CredentialFileCard } from './CredentialFileCard.tsx';
import { VerifyCardHeading } from './VerifyCardHeading.tsx';

/**
 * /verify: for someone holding the printed certificate or its PDF. The number and the recipient's last
 * name lead to the certificate's public page, where its status (valid, expired, revoked) is shown; or the
 * file itself (PDF, PNG, credential JSON) is checked by the credential it carries.
 */
export function VerifyPage() {
  const form = useForm({
    mode: 'controlled',
    initialValues: { certificate_number: '', last_name: '' },
    validate: validateWith(verifyCertificateRequest),
  });
  const find = useMutation({
    mutationFn: verifyCertificate,
    // The certificate's page is served by the server, not the app: a full page load.
    onSuccess: (reply) => window.location.assign(`/c/${reply.token}`),
  });

  return (
    <Box mih="100vh" bg="var(--mantine-color-stone-0, #f7f7f4)">
      <PublicPageHeader title={'Laurel'} width={560} />
      <Container size={560} py={{ base: 'lg', sm: 56 }}>
        <Card withBorder radius="md" shadow="xs" padding="xl" component="section" aria-labelledby="verify-title">
          <form onSubmit={form.onSubmit((values) => find.mutate(values))} noValidate>
            <Stack gap="lg">
              <VerifyCardHeading icon={<IconRosetteDiscountCheck size={24} />} id="verify-title" title="Verify a certificate" order={1}>
                Type the certificate number printed on the certificate and the recipient's last name. You will see whether it is genuine,
                who issued it, and whether it is still valid.
              </VerifyCardHeading>
              <TextInput
                label="Certificate number"
                placeholder="e.g. 1042-0007"
                autoComplete="off"
                required
                {...form.getInputProps('certificate_number')}
              />
              <TextInput label="Recipient's last name" autoComplete="off" required {...form.getInputProps('last_name')} />
              {find.isError && (
                <Alert color="red" variant="light" role="alert">
                  {errorMessage(find.error)}
                </Alert>
              )}
              <Button type="submit" loading={find.isPending} leftSection={<IconRosetteDiscountCheck size={18} />}>
                Verify
              </Button>
            </Stack>
          </form>
        </Card>
        <Box mt="lg">
          <CredentialFileCard />
        </Box>
      </Container>
    </Box>
  );
}
