import type { LegalPageName } from '@laurel/domain';
import { Skeleton, Typography } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import DOMPurify from 'dompurify';
import { LoadFailed } from '../../shared/components/LoadFailed.tsx';
import { getLegalPage } from './api.ts';
import { PrivacyText } from './PrivacyText.tsx';
import { legalKeys } from './query-keys.ts';
import { TermsText } from './TermsText.tsx';

const DEFAULTS = { privacy: PrivacyText, terms: TermsText } as const;

/** The query behind a legal text, shared by the page and the terms dialog (one request, one cache entry). */
export const useLegalPage = (page: LegalPageName) => useQuery({ queryKey: legalKeys.page(page), queryFn: () => getLegalPage(page) });

/**
 * A legal text as the super-admin wrote it in Admin settings, or the default until then: the same words on
 * /terms and in the dialog where people accept them.
 */
export function LegalText({ page, title }: { page: LegalPageName; title: string }) {
  const legal = useLegalPage(page);
  const Default = DEFAULTS[page];
  if (legal.isError)
    return <LoadFailed title={`The ${title.toLowerCase()} could not be loaded`} error={legal.error} onRetry={() => void legal.refetch()} />;
  if (legal.isPending) return <Skeleton h={200} />;
  if (!legal.data.content) return <Default />;
  return (
    <Typography data-testid="legal-content">
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the server sanitises the text and DOMPurify cleans it again here */}
      <div dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(legal.data.content, { ADD_ATTR: ['target'] }) }} />
    </Typography>
  );
}
