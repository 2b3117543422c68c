import {
  DEFAULT_LIST_PAGE_SIZES,
  PAGINATION_COUNTS,
  type PageSizeChange,
  type PageSizes,
  type PaginationList,
  userCalls,
} from '@laurel/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { call } from '../api/call.ts';
import { USER_KEY, useSignedInUser } from '../session/queries.ts';

export const PAGE_SIZES_KEY = ['session', 'page-sizes'] as const;

/**
 * The page size the user keeps for one list (docs/product/store.md#calls `user/pagination`): read with the user's other
 * lists, and remembered on the server when they pick another, so it follows them to other browsers.
 */
export function usePageSize(list: PaginationList): [number, (size: number) => void] {
  const user = useSignedInUser();
  const queryClient = useQueryClient();
  const sizes = useQuery({
    queryKey: PAGE_SIZES_KEY,
    queryFn: () => call(userCalls.getPagination, {}) as Promise<PageSizes>,
    // The signed-in user carries the kept sizes already: no wait before the first page.
    initialData: { ...DEFAULT_LIST_PAGE_SIZES, ...user.pagination } as PageSizes,
    staleTime: Infinity,
  });

  const remember = useCallback(
    (size: number) => {
      if (size === sizes.data[list] || !(PAGINATION_COUNTS as readonly number[]).includes(size)) return;
      queryClient.setQueryData<PageSizes>(PAGE_SIZES_KEY, (current) => ({ ...(current ?? sizes.data), [list]: size }));
      call(userCalls.setPagination, { body: { type: list, count: size as PageSizeChange['count'] } })
        .then((kept) => {
          queryClient.setQueryData(PAGE_SIZES_KEY, kept);
          void queryClient.invalidateQueries({ queryKey: USER_KEY });
        })
        // Not kept: the list still shows the size picked, until the next visit.
        .catch(() => undefined);
    },
    [list, queryClient, sizes.data],
  );

  return [sizes.data[list], remember];
}
