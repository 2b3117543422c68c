import { Button, Tooltip } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { errorMessage } from '../../shared/api/errors.ts';
import { notifyError } from '../../shared/lib/notify.ts';
import { projectPrintLink } from './api/store.ts';

/**
 * Opens one PDF with the certificates of the chosen recipients (all of the project's when none is chosen)
 * in a new window, to print. The window opens inside the click, so pop-up blockers allow it; its address
 * follows when the signed link arrives, and it closes again if the link is refused.
 */
export function PrintCertificatesButton({
  projectId,
  recipientIds,
  disabled,
}: {
  projectId: number;
  recipientIds: readonly number[];
  disabled?: boolean;
}) {
  const print = useMutation({
    mutationFn: async ({ ids }: { ids: readonly number[]; target: Window | null }) => projectPrintLink(projectId, ids),
    onSuccess: (link, { target }) => {
      if (target && !target.closed) target.location.href = link.pdf;
      else window.open(link.pdf, '_blank', 'noopener');
    },
    onError: (error, { target }) => {
      target?.close();
      notifyError(errorMessage(error, 'The certificates could not be prepared for printing.'));
    },
  });
  const chosen = recipientIds.length;

  return (
    <Tooltip
      label={
        chosen
          ? `One PDF with the ${chosen === 1 ? 'selected recipient’s certificate' : `${chosen} selected recipients’ certificates`}`
          : 'One PDF with every recipient’s certificate; select recipients to print only theirs'
      }
      multiline
      w={260}
    >
      <Button
        variant="default"
        leftSection={<IconPrinter size={16} />}
        loading={print.isPending}
        disabled={disabled}
        onClick={() => print.mutate({ ids: recipientIds, target: window.open('about:blank', '_blank') })}
      >
        Print certificates
      </Button>
    </Tooltip>
  );
}
