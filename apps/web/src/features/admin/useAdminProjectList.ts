import type { AdminProjectQuery } from '@laurel/domain';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTablePaging } from '../../shared/hooks/useTablePaging.ts';
import { listAdminProjects } from './api.ts';
import { adminKeys } from './query-keys.ts';

/**
 * The super-admin's list of projects across accounts, searched and paged: the Projects log and the
 * Resend attempts screens show it with different columns. A new search or page size starts at page 1.
 */
export function useAdminProjectList(filter: Partial<Pick<AdminProjectQuery, 'state' | 'account_id' | 'sort'>>) {
  const [like, setLike] = useState('');
  const [search] = useDebouncedValue(like.trim(), 300);
  const paging = useTablePaging(10);
  const { page, size, limit, offset } = paging;
  const query = useQuery({
    queryKey: adminKeys.projects(filter, search, page, size),
    queryFn: () => listAdminProjects({ ...filter, like: search || undefined, limit, offset }),
    placeholderData: keepPreviousData,
  });
  return {
    query,
    total: query.data?.count ?? 0,
    like,
    search,
    setPage: paging.setPage,
    pager: paging.pager,
    onLike: paging.firstPage(setLike),
  };
}
