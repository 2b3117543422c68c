import { Alert, Button, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '../../shared/api/errors.ts';
import { PageHeader } from '../../shared/components/PageHeader.tsx';
import { useExitGuard } from '../../shared/hooks/useExitGuard.tsx';
import { useSignedInUser } from '../../shared/session/queries.ts';
import type { SendCertificate } from './api/send.ts';
import { CertificateBanner } from './CertificateBanner.tsx';
import { autoMap } from './fields.ts';
import { ImportStep } from './import/ImportStep.tsx';
import { MappingStep } from './mapping/MappingStep.tsx';
import { PreviewStep } from './preview/PreviewStep.tsx';
import { sendKeys } from './query-keys.ts';
import type { ImportTable, RecipientRow } from './rows.ts';
import { SaveStep } from './save/SaveStep.tsx';
import { SelectStep } from './select/SelectStep.tsx';
import { useSendCertificate } from './useSendCertificate.ts';
import { useWizardDraft } from './useWizardDraft.ts';
import { STEP_INDEX, WizardProgress } from './WizardProgress.tsx';

const preselected = (value: string | null) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
};

const sameTable = (a: ImportTable | null, b: ImportTable) =>
  !!a && a.kind === b.kind && JSON.stringify([a.headers, a.rows]) === JSON.stringify([b.headers, b.rows]);

/**
 * /send: choose a certificate, import recipients, match columns, preview, save (docs/product/send-wizard.md#screens). The
 * chosen certificate is in the address (?c=); what was imported, the column choices and the edits
 * are kept for this tab (sessionStorage, per person and certificate) until the project is saved or
 * the issuer starts over, so Back, Next and a reload lose nothing.
 */
export function SendWizard() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useSignedInUser();
  const [params, setParams] = useSearchParams();
  const [certificateId, setCertificateId] = useState<number | null>(() => preselected(params.get('c')));
  const [savedProject, setSavedProject] = useState<number | null>(null);
  const { draft, update, discard, forget, hasData } = useWizardDraft({ userId: user.id, accountId: user.account?.id ?? 0 }, certificateId);
  const certificate = useSendCertificate(certificateId);
  const step = certificateId === null ? 'select' : draft.step;

  const dirty = savedProject === null && hasData;
  useExitGuard(dirty, 'Your recipients are not saved in a project yet. If you leave now, they are kept in this tab until you come back.');

  // Leave only once the guard has seen the saved state, so saving never asks "Exit Without Saving?".
  useEffect(() => {
    if (savedProject !== null) void navigate(`/send/${savedProject}/send`);
  }, [savedProject, navigate]);

  // The address changes when the issuer follows another ?c= link while here: that certificate's own list, if any, comes back.
  useEffect(() => {
    const id = preselected(params.get('c'));
    if (id !== null && id !== certificateId) setCertificateId(id);
  }, [params, certificateId]);

  // Another certificate's list stays kept for it; choosing one is never a loss.
  const chooseAnother = () => {
    setCertificateId(null);
    setParams({}, { replace: true });
  };

  const startOver = () =>
    modals.openConfirmModal({
      title: 'Start over?',
      children: <Text size="sm">The list you imported for this certificate, your column choices and your edits are discarded.</Text>,
      labels: { confirm: 'Start over', cancel: 'Keep them' },
      confirmProps: { color: 'red' },
      onConfirm: discard,
    });

  const select = (chosen: SendCertificate) => {
    queryClient.setQueryData(sendKeys.certificate(chosen.id), chosen);
    setCertificateId(chosen.id);
    setParams({ c: String(chosen.id) }, { replace: true });
  };

  const imported = (next: ImportTable, pasted?: string) => {
    const text = pasted ?? draft.pasted;
    // The same list again (Back, then Continue): the columns and the edits made since stay.
    if (sameTable(draft.table, next)) return update({ step: 'map', table: next, pasted: text });
    const guess = autoMap(next.headers, next.rows, certificate.data!.fields);
    update({
      step: 'map',
      pasted: text,
      table: next,
      mapping: guess,
      autoMatched: guess.filter(Boolean).length,
      applied: null,
      rows: [],
      rowsMapping: null,
      edited: false,
      leftOut: [],
    });
  };

  const mapped = (rows: RecipientRow[] | null) => {
    // Null: the columns are those the rows were read with, so the rows and their edits stay.
    if (rows === null) return update({ step: 'preview' });
    const use = () => update({ step: 'preview', rows, rowsMapping: JSON.stringify(draft.mapping), edited: false, leftOut: [] });
    if (!draft.edited || !draft.rows.length) return use();
    modals.openConfirmModal({
      title: 'Read the list again?',
      children: <Text size="sm">The columns changed, so the rows are read again and your changes in the preview are lost.</Text>,
      labels: { confirm: 'Read again', cancel: 'Keep my changes' },
      onConfirm: use,
      onCancel: () => update({ step: 'preview' }),
    });
  };

  const skippedMapping = draft.table?.kind === 'manual';
  const header = (
    <PageHeader
      eyebrow="Send"
      tutorial="send"
      title="Send certificates"
      description="Choose a certificate, add the people who earned it, check each one, and send. Every recipient gets their own certificate by email."
    />
  );

  if (step === 'select') {
    return (
      <Stack gap={0}>
        {header}
        <WizardProgress active={STEP_INDEX.select} />
        <SelectStep onSelect={select} />
      </Stack>
    );
  }

  return (
    <Stack gap={0}>
      {header}
      <WizardProgress active={STEP_INDEX[step]} skipped={skippedMapping && step !== 'map' ? [STEP_INDEX.map] : []} />
      {certificate.isPending && (
        <Paper withBorder radius="md" p="lg">
          <Stack gap="sm">
            <Skeleton h={18} w="40%" />
            <Skeleton h={120} />
          </Stack>
        </Paper>
      )}
      {certificate.isError && (
        <Alert color="red" title="This certificate could not be opened">
          <Text size="sm" mb="sm">
            {errorMessage(certificate.error)} It may have been deleted, or you may not have access to it.
          </Text>
          <Button size="xs" variant="white" color="red" onClick={chooseAnother}>
            Choose a certificate
          </Button>
        </Alert>
      )}
      {certificate.data && (
        <>
          <CertificateBanner
            certificate={certificate.data}
            onChange={step === 'save' ? undefined : chooseAnother}
            onStartOver={hasData && step !== 'save' ? startOver : undefined}
          />
          {step === 'import' && (
            <ImportStep
              certificate={certificate.data}
              draft={draft}
              onPasted={(pasted) => update({ pasted })}
              onManualRows={(manual) => update({ manual })}
              onTable={imported}
              onManual={(entered) => {
                update({
                  step: 'preview',
                  table: { headers: [], rows: [], kind: 'manual', filename: null },
                  mapping: [],
                  rows: entered,
                  rowsMapping: null,
                  edited: false,
                  leftOut: [],
                });
              }}
              onBack={chooseAnother}
            />
          )}
          {step === 'map' && draft.table && (
            <MappingStep
              certificate={certificate.data}
              table={draft.table}
              mapping={draft.mapping}
              autoMatched={draft.autoMatched}
              appliedMapping={draft.applied}
              rowsKept={draft.rows.length > 0 && draft.rowsMapping === JSON.stringify(draft.mapping)}
              onMapping={(mapping, applied) => update({ mapping, applied })}
              onBack={() => update({ step: 'import' })}
              onContinue={mapped}
            />
          )}
          {step === 'preview' && (
            <PreviewStep
              certificate={certificate.data}
              rows={draft.rows}
              leftOut={draft.leftOut}
              onRows={(rows) => update({ rows, edited: true })}
              onLeftOut={(leftOut) => update({ leftOut })}
              onBack={() => update({ step: draft.table && draft.table.kind !== 'manual' ? 'map' : 'import' })}
              backLabel={draft.table && draft.table.kind !== 'manual' ? 'Back to columns' : 'Back to import'}
              onContinue={() => update({ step: 'save' })}
            />
          )}
          {step === 'save' && (
            <SaveStep
              certificate={certificate.data}
              draft={draft}
              onBack={() => update({ step: 'preview' })}
              onSaved={(project) => {
                // The list now lives in the project; the draft must not come back.
                forget();
                setSavedProject(project.id);
              }}
            />
          )}
        </>
      )}
    </Stack>
  );
}
