import { primaryRole } from '@laurel/domain';
import { Grid, Skeleton, Stack } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { LoadFailed } from '../../shared/components/LoadFailed.tsx';
import { PageHeader } from '../../shared/components/PageHeader.tsx';
import { USER_KEY, useAppConfig, useSignedInUser } from '../../shared/session/queries.ts';
import { AccountInfoCard } from './profile/AccountInfoCard.tsx';
import { accountKey, getAccount } from './profile/api.ts';
import { LogoCard } from './profile/LogoCard.tsx';
import { PersonalDetailsCard } from './profile/PersonalDetailsCard.tsx';
import { accountKeys } from './query-keys.ts';

/**
 * /account (docs/product/account.md#screens "Account profile" and "Account info"): the account's logo and details, which its
 * admins change and sub-users read, and the signed-in user's own name, email and password.
 */
export function AccountProfilePage() {
  const user = useSignedInUser();
  const { data: config } = useAppConfig();
  const queryClient = useQueryClient();
  const accountId = user.account?.id ?? null;
  const account = useQuery({
    queryKey: accountKey(accountId ?? 0),
    queryFn: () => getAccount(accountId!),
    enabled: accountId !== null,
  });
  const editable = primaryRole(user) !== 'account_user';
  // The header and every screen read the account through the signed-in user: refresh both.
  const refresh = () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: USER_KEY }), queryClient.invalidateQueries({ queryKey: accountKeys.all() })]);

  return (
    <>
      <PageHeader eyebrow="Account" title="Profile" description="Your organisation as recipients see it, and your own sign-in details." />
      <Stack gap="lg">
        {accountId !== null && account.isError && (
          <LoadFailed title="The account could not be loaded" error={account.error} onRetry={() => void account.refetch()} />
        )}
        {accountId !== null && account.isPending && <Skeleton h={320} radius="lg" />}
        {account.data && (
          <Grid gap="lg" align="stretch">
            <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
              <LogoCard accountId={account.data.id} imagepath={account.data.imagepath} editable={editable} onChanged={refresh} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
              <AccountInfoCard
                key={`${account.data.name}|${account.data.url}|${account.data.country}|${account.data.state}`}
                account={account.data}
                baseDomain={config?.base_domain}
                editable={editable}
                onSaved={refresh}
              />
            </Grid.Col>
          </Grid>
        )}
        <PersonalDetailsCard key={`${user.first_name}|${user.last_name}`} user={user} onChanged={refresh} />
      </Stack>
    </>
  );
}
