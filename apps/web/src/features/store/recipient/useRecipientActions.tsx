import { canSend, type Recipient } from '@laurel/domain';
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import {
  IconAt,
  IconBan,
  IconCertificate,
  IconHistory,
  IconMailForward,
  IconPencil,
  IconRestore,
  IconSend,
  IconTrash,
} from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { errorMessage } from '../../../shared/api/errors.ts';
import { notifyError, notifySuccess } from '../../../shared/lib/notify.ts';
import { useSignedInUser } from '../../../shared/session/queries.ts';
import { PROJECTS_KEY } from '../../projects/index.ts';
import { deleteRecipient, reinstateRecipient } from '../api/store.ts';
import { SendDialog, type SendIntent } from '../SendDialog.tsx';
import { isInFlight } from '../status.ts';
import { CertificatePreviewModal } from './CertificatePreview.tsx';
import { ChangeEmailDialog } from './ChangeEmailDialog.tsx';
import { EditRecipientDialog } from './EditRecipientDialog.tsx';
import { RevokeDialog } from './RevokeDialog.tsx';

/** docs/product/store.md#rules-and-limits: one certificate may be resent individually three times. */
export const INDIVIDUAL_RESEND_LIMIT = 3;

export interface ActionItem {
  key: string;
  label: string;
  icon: ReactNode;
  onClick(): void;
  disabled?: boolean;
  hint?: string;
  danger?: boolean;
}

const fullName = (r: Recipient) => `${r.first_name} ${r.last_name}`.trim();
const neverQueued = (r: Recipient) => r.state === 'draft' && !r.sent_details.some((e) => e.event === 'queued' || e.event === 'resend');

/**
 * Everything the issuer can do to one recipient, shared by the row menus and the detail drawer:
 * view the certificate, correct details or the address, send or resend, revoke or reinstate, and
 * delete one never sent. The public link is not offered: it is the recipient's.
 */
export function useRecipientActions(options: { senderName?: string | null; onDetails?(recipient: Recipient): void } = {}) {
  const user = useSignedInUser();
  const mayChange = canSend(user);
  const queryClient = useQueryClient();
  const [preview, setPreview] = useState<Recipient | null>(null);
  const [editing, setEditing] = useState<Recipient | null>(null);
  const [moving, setMoving] = useState<Recipient | null>(null);
  const [sending, setSending] = useState<SendIntent | null>(null);
  const [revoking, setRevoking] = useState<Recipient | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: PROJECTS_KEY });

  const reinstate = useMutation({
    mutationFn: (r: Recipient) => reinstateRecipient(r.id),
    onSuccess: (result) => {
      notifySuccess(result.message);
      void refresh();
    },
    onError: (error) => notifyError(errorMessage(error)),
  });
  const remove = useMutation({
    mutationFn: (r: Recipient) => deleteRecipient(r.id),
    onSuccess: (result) => {
      notifySuccess(result.message || 'Record deleted');
      void refresh();
    },
    onError: (error) => notifyError(errorMessage(error)),
  });

  const confirmReinstate = (r: Recipient) =>
    modals.openConfirmModal({
      title: 'Reinstate this certificate?',
      children: <Text size="sm">{`${fullName(r)}’s certificate becomes valid again for anyone who checks it.`}</Text>,
      labels: { confirm: 'Reinstate', cancel: 'Cancel' },
      confirmProps: { color: 'laurel' },
      onConfirm: () => reinstate.mutate(r),
    });

  const confirmDelete = (r: Recipient) =>
    modals.openConfirmModal({
      title: 'Delete this recipient?',
      children: (
        <Text size="sm">
          {fullName(r)} ({r.email}) has not been sent anything and will be removed from the project.
        </Text>
      ),
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(r),
    });

  /** What a resend does to an address that was stopped, said before the issuer confirms. */
  const resendNote = (r: Recipient) =>
    r.state === 'bounced'
      ? 'Its mail server refused this address before: resending tries it once more. '
      : r.state === 'suppressed'
        ? 'This address was stopped. A refused address is tried again; one that unsubscribed is not mailed until the recipient subscribes again. '
        : '';

  const sendIntent = (r: Recipient): SendIntent =>
    r.state === 'draft'
      ? {
          projectId: r.project_id,
          title: 'Send this certificate',
          description: `${fullName(r)}’s certificate will be emailed to ${r.email}. It uses one credit.`,
          confirmLabel: 'Send',
          body: { recipients: [r.id] },
          senderName: options.senderName ?? null,
        }
      : {
          projectId: r.project_id,
          title: 'Resend this certificate',
          description: `${resendNote(r)}The certificate email goes to ${r.email} again. A certificate can be resent individually ${INDIVIDUAL_RESEND_LIMIT} times; ${Math.max(0, INDIVIDUAL_RESEND_LIMIT - r.resend_individual)} left.`,
          confirmLabel: 'Resend',
          body: { resend_individual: r.id },
          recipientId: r.id,
          senderName: options.senderName ?? null,
        };

  function actionsFor(r: Recipient): ActionItem[] {
    const busy = isInFlight(r.state);
    const issued = r.state === 'sent' || r.state === 'bounced';
    const items: ActionItem[] = [
      { key: 'view', label: 'View certificate', icon: <IconCertificate size={15} />, onClick: () => setPreview(r) },
    ];
    if (options.onDetails)
      items.push({ key: 'details', label: 'Details and history', icon: <IconHistory size={15} />, onClick: () => options.onDetails!(r) });
    if (!mayChange) return items;
    items.push(
      {
        key: 'edit',
        label: 'Edit',
        icon: <IconPencil size={15} />,
        onClick: () => setEditing(r),
        disabled: busy,
        hint: busy ? 'Being sent right now' : undefined,
      },
      {
        key: 'email',
        label: 'Change email',
        icon: <IconAt size={15} />,
        onClick: () => setMoving(r),
        disabled: busy,
        hint: busy ? 'Being sent right now' : undefined,
      },
    );
    if (r.state === 'draft')
      items.push({ key: 'send', label: 'Send now', icon: <IconSend size={15} />, onClick: () => setSending(sendIntent(r)) });
    else {
      const used = r.resend_individual >= INDIVIDUAL_RESEND_LIMIT;
      items.push({
        key: 'resend',
        label: 'Resend',
        icon: <IconMailForward size={15} />,
        onClick: () => setSending(sendIntent(r)),
        disabled: busy || used || r.revoked,
        hint: busy ? 'Being sent right now' : used ? 'Resent 3 times already' : r.revoked ? 'Reinstate it first' : undefined,
      });
    }
    if (issued || r.revoked) {
      items.push(
        r.revoked
          ? { key: 'reinstate', label: 'Reinstate', icon: <IconRestore size={15} />, onClick: () => confirmReinstate(r) }
          : { key: 'revoke', label: 'Revoke', icon: <IconBan size={15} />, onClick: () => setRevoking(r), danger: true },
      );
    }
    if (neverQueued(r))
      items.push({ key: 'delete', label: 'Delete', icon: <IconTrash size={15} />, onClick: () => confirmDelete(r), danger: true });
    return items;
  }

  const dialogs = (
    <>
      <CertificatePreviewModal recipient={preview} onClose={() => setPreview(null)} />
      <EditRecipientDialog recipient={editing} onClose={() => setEditing(null)} />
      <ChangeEmailDialog recipient={moving} onClose={() => setMoving(null)} />
      <SendDialog intent={sending} onClose={() => setSending(null)} />
      <RevokeDialog recipient={revoking} onClose={() => setRevoking(null)} />
    </>
  );

  return { actionsFor, dialogs, view: setPreview };
}
