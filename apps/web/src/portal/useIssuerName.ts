import { useAppConfig } from '../session/queries.ts';

/** The issuing account on its own portal host; null on the main host. */
export function useIssuerName(): string | null {
  const { data } = useAppConfig();
  return data?.host.account?.name ?? null;
}
