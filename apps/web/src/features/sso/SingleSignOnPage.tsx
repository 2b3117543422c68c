import { UPGRADE_PATH } from '@laurel/domain';
import { Alert, Anchor, Center, Loader, SimpleGrid, Stack } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { errorMessage } from '../../shared/api/errors.ts';
import { PageHeader } from '../../shared/components/PageHeader.tsx';
import { FormError } from '../../shared/forms/FormError.tsx';
import { getSsoConfiguration, SSO_CONFIGURATION_KEY } from './api.ts';
import { ServiceProviderValues } from './ServiceProviderValues.tsx';
import { SsoConfigurationForm } from './SsoConfigurationForm.tsx';

/**
 * /account/single-sign-on (docs/product/sign-in-and-sessions.md): the account's SAML identity provider, and the values
 * to paste into it. Plans without single sign-on see the settings with the plan's notice; the server
 * refuses saving them.
 */
export function SingleSignOnPage() {
  const query = useQuery({ queryKey: SSO_CONFIGURATION_KEY, queryFn: getSsoConfiguration });
  const reply = query.data;
  return (
    <>
      <PageHeader
        eyebrow="Account"
        title="Single sign-on"
        description="Let your team sign in to Laurel through your organisation’s identity provider with SAML."
      />
      <Stack gap="lg">
        {query.isPending && (
          <Center py={80}>
            <Loader aria-label="Loading single sign-on settings" />
          </Center>
        )}
        {query.isError && <FormError>{errorMessage(query.error)}</FormError>}
        {reply && !reply.plan_allows && (
          <Alert color="gilt" variant="light" icon={<IconLock size={18} />} title="Not included in your plan" role="status">
            {reply.plan_message}{' '}
            <Anchor component={Link} to={UPGRADE_PATH} fw={600} size="sm">
              Compare plans
            </Anchor>
          </Alert>
        )}
        {reply && (
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
            <SsoConfigurationForm key={JSON.stringify(reply.configuration)} reply={reply} />
            <ServiceProviderValues values={reply.service_provider} />
          </SimpleGrid>
        )}
      </Stack>
    </>
  );
}
