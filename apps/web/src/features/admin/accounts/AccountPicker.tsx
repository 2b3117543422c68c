import type { AccountPick } from '@laurel/domain';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { adminKeys } from '../query-keys.ts';
import { pickAccounts } from './api.ts';

/** Finds an account by name, URL, email or id as the super-admin types (`GET accounts/superadmin`). */
export function AccountPicker({ value, onChange }: { value: AccountPick | null; onChange(account: AccountPick | null): void }) {
  const [typed, setTyped] = useState('');
  const [like] = useDebouncedValue(typed, 250);
  const found = useQuery({ queryKey: adminKeys.accounts('pick', like), queryFn: () => pickAccounts(like) });
  const options = found.data?.accounts ?? [];
  const known = value && !options.some((a) => a.id === value.id) ? [value, ...options] : options;
  return (
    <Select
      label="Account"
      placeholder="Search by name, URL, email or id"
      searchable
      clearable
      filter={({ options: all }) => all}
      searchValue={typed}
      onSearchChange={setTyped}
      nothingFoundMessage={found.isFetching ? 'Searching…' : 'No account found'}
      data={known.map((a) => ({ value: String(a.id), label: `${a.name} (${a.url})` }))}
      value={value ? String(value.id) : null}
      onChange={(id) => onChange(known.find((a) => String(a.id) === id) ?? null)}
      w={{ base: '100%', sm: 360 }}
    />
  );
}
