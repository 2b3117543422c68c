import type { Mapping } from '@laurel/domain';
import { Alert, Button, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '../api/errors.ts';
import { PageHeader } from '../components/PageHeader.tsx';
import { useExitGuard } from '../router/useExitGuard.tsx';
import type { SendCertificate } from './api/send.ts';
import { CertificateBanner } from './CertificateBanner.tsx';
import { autoMap } from './fields.ts';
import { ImportStep } from './import/ImportStep.tsx';
import { MappingStep } from './mapping/MappingStep.tsx';
import { PreviewStep } from './preview/PreviewStep.tsx';
import type { ImportTable, RecipientRow } from './rows.ts';
import { SaveStep } from './save/SaveStep.tsx';
import { SelectStep } from './select/SelectStep.tsx';
import { useSendCertificate } from './useSendCertificate.ts';
import { STEP_INDEX, WizardProgress } from './WizardProgress.tsx';

type Step = 'select' | 'import' | 'map' | 'preview' | 'save';

const preselected = (value: string | null) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
};

/**
 * /send: choose a certificate, import recipients, match columns, preview, save (spec 3 §2). The
 * chosen certificate is in the address (?c=), so a reload or a link from the builder lands on the
 * import step; the imported list lives in memory until the project is saved, guarded on exit.
 */
export function SendWizard() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const [certificateId, setCertificateId] = useState<number | null>(() => preselected(params.get('c')));
  const [step, setStep] = useState<Step>(() => (preselected(params.get('c')) ? 'import' : 'select'));
  const [table, setTable] = useState<ImportTable | null>(null);
  const [mapping, setMapping] = useState<(string | null)[]>([]);
  const [autoMatched, setAutoMatched] = useState(0);
  const [applied, setApplied] = useState<Mapping | null>(null);
  const [rows, setRows] = useState<RecipientRow[]>([]);
  const [edited, setEdited] = useState(false);
  const [savedProject, setSavedProject] = useState<number | null>(null);
  const certificate = useSendCertificate(certificateId);

  const dirty = savedProject === null && (table !== null || rows.length > 0);
  useExitGuard(dirty, 'Your recipients are not saved yet. If you leave now, the imported list is lost.');

  // Leave only once the guard has seen the saved state, so saving never asks "Exit Without Saving?".
  useEffect(() => {
    if (savedProject !== null) void navigate(`/send/${savedProject}/send`);
  }, [savedProject, navigate]);

  // The address changes when the issuer follows another ?c= link while here.
  useEffect(() => {
    const id = preselected(params.get('c'));
    if (id !== null && id !== certificateId && !dirty) {
      setCertificateId(id);
      setStep('import');
    }
  }, [params, certificateId, dirty]);

  const resetImport = () => {
    setTable(null);
    setMapping([]);
    setAutoMatched(0);
    setApplied(null);
    setRows([]);
    setEdited(false);
  };

  const confirmThen = (message: string, action: () => void) => {
    if (!dirty) return action();
    modals.openConfirmModal({
      title: 'Discard the imported recipients?',
      children: <Text size="sm">{message}</Text>,
      labels: { confirm: 'Discard', cancel: 'Keep them' },
      confirmProps: { color: 'red' },
      onConfirm: action,
    });
  };

  const chooseAnother = () =>
    confirmThen('Choosing another certificate starts the import again.', () => {
      resetImport();
      setCertificateId(null);
      setStep('select');
      setParams({}, { replace: true });
    });

  const select = (chosen: SendCertificate) => {
    queryClient.setQueryData(['send', 'certificate', chosen.id], chosen);
    setCertificateId(chosen.id);
    setStep('import');
    setParams({ c: String(chosen.id) }, { replace: true });
  };

  const imported = (next: ImportTable) => {
    const guess = autoMap(next.headers, next.rows, certificate.data!.fields);
    setTable(next);
    setMapping(guess);
    setAutoMatched(guess.filter(Boolean).length);
    setApplied(null);
    setStep('map');
  };

  const skippedMapping = table?.kind === 'manual' || (step === 'preview' && table === null);
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
          <CertificateBanner certificate={certificate.data} onChange={step === 'save' ? undefined : chooseAnother} />
          {step === 'import' && (
            <ImportStep
              certificate={certificate.data}
              onTable={imported}
              onManual={(entered) => {
                setTable({ headers: [], rows: [], kind: 'manual', filename: null });
                setRows(entered);
                setStep('preview');
              }}
              onBack={chooseAnother}
            />
          )}
          {step === 'map' && table && (
            <MappingStep
              certificate={certificate.data}
              table={table}
              mapping={mapping}
              autoMatched={autoMatched}
              appliedMapping={applied}
              onMapping={(next, savedMapping) => {
                setMapping(next);
                setApplied(savedMapping);
              }}
              // Spec 3 §2: going back resets mapping, upload and fields.
              onBack={() => {
                resetImport();
                setStep('import');
              }}
              onContinue={(mapped) => {
                setRows(mapped);
                setEdited(false);
                setStep('preview');
              }}
            />
          )}
          {step === 'preview' && (
            <PreviewStep
              certificate={certificate.data}
              rows={rows}
              onRows={(next) => {
                setRows(next);
                setEdited(true);
              }}
              onBack={() => {
                const back = () => {
                  resetImport();
                  setStep('import');
                };
                if (!edited) return back();
                modals.openConfirmModal({
                  title: 'Go back to import?',
                  children: <Text size="sm">Your changes to the recipients in this preview will be lost.</Text>,
                  labels: { confirm: 'Go back', cancel: 'Stay here' },
                  onConfirm: back,
                });
              }}
              onContinue={() => setStep('save')}
            />
          )}
          {step === 'save' && (
            <SaveStep
              certificate={certificate.data}
              rows={rows}
              table={table}
              mapping={mapping}
              onBack={() => setStep('preview')}
              onSaved={(project) => setSavedProject(project.id)}
            />
          )}
        </>
      )}
    </Stack>
  );
}
