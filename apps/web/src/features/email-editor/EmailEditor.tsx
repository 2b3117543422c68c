import { EMAIL_DESIGN_MESSAGES, reportedFeature, type UserDto } from '@laurel/domain';
import { Alert, Box, Button, Grid, Group, Kbd, Stack, Text } from '@mantine/core';
import { useDisclosure, useHotkeys } from '@mantine/hooks';
import { IconArrowBackUp, IconArrowLeft, IconDeviceFloppy, IconEye, IconLock } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '../../shared/components/PageHeader.tsx';
import { useExitGuard } from '../../shared/hooks/useExitGuard.tsx';
import { notifyError, notifySuccess } from '../../shared/lib/notify.ts';
import { type EmailOwner, type EmailRecord, saveEmailDesign } from './api.ts';
import { BodyEditor } from './BodyEditor.tsx';
import { certificateDataFields } from './data-fields.ts';
import { SavedDialog } from './dialogs/SavedDialog.tsx';
import { UpgradeDialog } from './dialogs/UpgradeDialog.tsx';
import { EditorCard } from './EditorCard.tsx';
import type { EmailEditorType } from './editor-type.ts';
import { designFromRecord, withFooterLanguage } from './email-form.ts';
import { PreviewPanel } from './preview/PreviewPanel.tsx';
import { SendTestDialog } from './preview/SendTestDialog.tsx';
import { useTemplateTest } from './preview/useTemplateTest.ts';
import { emailEditorKeys } from './query-keys.ts';
import { checkBeforeSave, showSaveFailure } from './save-errors.ts';
import { AddressFields } from './sections/AddressFields.tsx';
import { AppearanceSection } from './sections/AppearanceSection.tsx';
import { AttachmentsSection } from './sections/AttachmentsSection.tsx';
import { ButtonSection } from './sections/ButtonSection.tsx';
import { FooterSection } from './sections/FooterSection.tsx';
import { LinkedInSection } from './sections/LinkedInSection.tsx';
import { PlainTextSection } from './sections/PlainTextSection.tsx';
import { PortalLinkSection } from './sections/PortalLinkSection.tsx';
import { useAttachments } from './useAttachments.ts';
import { useEmailDesignState } from './useEmailDesignState.ts';

interface EmailEditorProps {
  owner: EmailOwner;
  id: string;
  record: EmailRecord;
  type: EmailEditorType;
  user: UserDto;
  /** Where a quick edit goes back to after saving. */
  returnTo: string | null;
}

const NOT_SAVED = 'You must first save the Certificate in order to preview';

const EYEBROWS: Record<EmailOwner, string> = {
  certificates: 'Certificate email',
  styles: 'Global template email',
  projects: 'Project email',
};

/** The email customisation editor (docs/product/email-editor.md#editor-modes): the message, its parts, and its live preview. */
export function EmailEditor({ owner, id, record, type, user, returnTo }: EmailEditorProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const state = useEmailDesignState(useMemo(() => designFromRecord(record), [record]));
  const { design, dirty, errors, change } = state;
  const readOnly = type === 'preview';
  const replyToRef = useRef<HTMLInputElement>(null);
  const [saving, setSaving] = useState(false);
  const [leaveTo, setLeaveTo] = useState<string | null>(null);
  const [savedOpen, savedDialog] = useDisclosure(false);
  const [testOpen, testDialog] = useDisclosure(false);
  const [upgradeOpen, upgradeDialog] = useDisclosure(false);
  const attachments = useAttachments(id, 'uploads' in record ? record.uploads : []);
  const dataFields = useMemo(() => certificateDataFields(record), [record]);
  const bodyText = useRef<() => string>(() => '');
  const templateTest = useTemplateTest(id, user.id, !dirty);

  useExitGuard(dirty && !readOnly);

  // An email without a reply-to cannot be sent (the builder sends the issuer here to add one): say so at once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the email as it was opened; while typing, the field's own checks apply
  useEffect(() => {
    if (readOnly || design.reply_to.trim()) return;
    state.setErrors({ reply_to: EMAIL_DESIGN_MESSAGES.replyToRequired });
    replyToRef.current?.focus();
  }, []);

  // Leaving after a save waits for the render in which the design is clean, or the exit guard would ask.
  useEffect(() => {
    if (leaveTo && !dirty) navigate(leaveTo);
  }, [leaveTo, dirty, navigate]);

  const save = async () => {
    if (readOnly || saving) return;
    const problems = checkBeforeSave(design);
    if (problems) {
      state.setErrors(problems);
      if (problems.reply_to) replyToRef.current?.focus();
      return;
    }
    setSaving(true);
    try {
      await saveEmailDesign(owner, id, design);
      state.markSaved(design);
      state.setErrors({});
      // The next visit opens what was saved; this one keeps the editor as it is.
      queryClient.setQueryData<EmailRecord>(emailEditorKeys.record(owner, id), (old) => (old ? { ...old, ...design } : old));
      if (type === 'admin') {
        notifySuccess('Global template saved.');
      } else if (type === 'project') {
        notifySuccess('Project email saved.');
        setLeaveTo(returnTo ?? backTo);
      } else if (type === 'quick-email-edit' && returnTo) {
        notifySuccess('Certificate updated.');
        setLeaveTo(returnTo);
      } else {
        notifySuccess('Certificate saved.');
        savedDialog.open();
      }
    } catch (error) {
      const fieldErrors = showSaveFailure(error);
      state.setErrors(fieldErrors);
      if (fieldErrors.reply_to) replyToRef.current?.focus();
    } finally {
      setSaving(false);
    }
  };

  useHotkeys([['mod+S', () => void save()]], [], true);

  const account = user.account;
  const paid = type === 'admin' || (!!account && reportedFeature(account, 'linkedin'));
  const hasPortal = type === 'admin' || (!!account && reportedFeature(account, 'recipient_portal'));
  const backTo = owner === 'styles' ? `/admin/build/${id}` : owner === 'projects' ? `/store/projects/${id}` : `/build/${id}`;
  const returnsToDesign = returnTo !== null && returnTo.split('?')[0] === backTo;
  const sectionProps = { design, onChange: change, readOnly, errors };
  const openTest = () => {
    if (dirty) notifyError(NOT_SAVED);
    else testDialog.open();
  };

  return (
    <Box>
      <PageHeader
        eyebrow={EYEBROWS[owner]}
        title={record.name}
        description={
          owner === 'projects'
            ? 'The email this project’s recipients get when they are sent or resent from now on. The certificate set’s own email stays as it is.'
            : readOnly
              ? 'The email that delivers this certificate, as each recipient gets it.'
              : 'Write the email that delivers the certificate. Each recipient gets their own copy, with their name and their download button.'
        }
        actions={
          <Group gap="sm">
            <Button component={Link} to={returnTo ?? backTo} variant="default" leftSection={<IconArrowLeft size={16} />}>
              {returnTo && !returnsToDesign ? 'Back' : owner === 'projects' ? 'Back to the project' : 'Certificate design'}
            </Button>
            {!readOnly && (
              <Button
                onClick={() => void save()}
                loading={saving}
                leftSection={<IconDeviceFloppy size={16} />}
                rightSection={<Kbd size="xs">Ctrl S</Kbd>}
              >
                Save email
              </Button>
            )}
          </Group>
        }
      />

      {returnTo && !readOnly && owner !== 'projects' && (
        <Alert
          color="blue"
          variant="light"
          icon={<IconArrowBackUp size={18} />}
          mb="lg"
          title={returnsToDesign ? 'Back to the certificate after saving' : 'Back to where you were after saving'}
        >
          <Group justify="space-between" gap="sm">
            <Text size="sm">
              {returnsToDesign
                ? 'Saving the email takes you back to the certificate design, where you can send your test again.'
                : 'Saving the email takes you back to where you opened it from.'}
            </Text>
            <Button component={Link} to={returnTo} size="xs" variant="white" leftSection={<IconArrowLeft size={14} />}>
              {returnsToDesign ? 'Back to the certificate' : 'Go back'}
            </Button>
          </Group>
        </Alert>
      )}

      {readOnly && (
        <Alert color="gray" variant="light" icon={<IconLock size={18} />} mb="lg" title="View only">
          You can read this email and preview it. Editing it needs permission from your account administrator.
        </Alert>
      )}

      <Grid gap="lg" align="flex-start">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Stack gap="lg">
            <EditorCard title="Message" description="Who it comes back to and what the subject line says.">
              <AddressFields {...sectionProps} replyToRef={replyToRef} dataFields={dataFields} />
            </EditorCard>

            <EditorCard
              title="Body"
              description="Format text, add images and links, and insert fields that are filled in for each recipient."
            >
              <BodyEditor
                value={design.email_body}
                onChange={(html) => change({ email_body: html })}
                readOnly={readOnly}
                fontFamily={design.email_font_family}
                fontSize={design.email_font_size}
                buttonColors={design.button_styles}
                dataFields={dataFields}
                logo={account?.imagepath ?? null}
                accountName={account?.name ?? ''}
                onAttach={owner === 'certificates' ? attachments.add : undefined}
                textSource={bodyText}
              />
              <AppearanceSection {...sectionProps} />
              <PlainTextSection {...sectionProps} bodyText={() => bodyText.current()} />
            </EditorCard>

            {/* A template does not choose attachments: a set made from it starts without the PDF, whatever it says. */}
            {owner !== 'styles' && (
              <EditorCard title="Attachments" description="Files every recipient receives with the email.">
                <AttachmentsSection
                  {...sectionProps}
                  attachments={owner === 'certificates' ? attachments.attachments : null}
                  onRemove={(a) => void attachments.remove(a)}
                />
              </EditorCard>
            )}

            <EditorCard title="Download button" description="[DOWNLOAD_CERTIFICATE_LINK] in the body becomes this button.">
              <ButtonSection {...sectionProps} />
            </EditorCard>

            <EditorCard
              title="Recipient portal"
              description="Under the message, a link to the portal where recipients find all their certificates."
            >
              <PortalLinkSection {...sectionProps} available={hasPortal} />
            </EditorCard>

            <EditorCard title="LinkedIn">
              <LinkedInSection {...sectionProps} paid={paid} onUpgrade={upgradeDialog.open} />
            </EditorCard>

            <EditorCard
              title="Footer"
              description="Who sent the email and why, with unsubscribe and privacy links, in the recipient’s language."
            >
              <FooterSection {...sectionProps} onLanguageChange={(language) => change(withFooterLanguage(design, language))} />
            </EditorCard>
          </Stack>
        </Grid.Col>

        <Grid.Col span={{ base: 12, lg: 5 }} style={{ position: 'sticky', top: 80 }}>
          {owner === 'styles' ? (
            <PreviewPanel
              owner="styles"
              id={id}
              design={design}
              onSendTest={() => void templateTest.send()}
              sendTestLabel="Send test to me"
              sendingTest={templateTest.sending}
              note={`Sample data fills the fields, and Laurel stands in for the account that uses the template. Tests go to ${user.email}.`}
            />
          ) : (
            <PreviewPanel owner={owner} id={id} design={design} onSendTest={readOnly || owner === 'projects' ? undefined : openTest} />
          )}
          {dirty && !readOnly && (
            <Group gap={6} mt="xs" c="dimmed">
              <IconEye size={14} />
              <Text size="xs">The preview shows your unsaved changes.{owner === 'projects' ? '' : ' Save before sending a test.'}</Text>
            </Group>
          )}
        </Grid.Col>
      </Grid>

      <SavedDialog
        opened={savedOpen}
        onImportLater={() => {
          savedDialog.close();
          void navigate('/build');
        }}
        onGoToSend={() => {
          savedDialog.close();
          void navigate(`/send?c=${id}`);
        }}
      />
      <UpgradeDialog opened={upgradeOpen} onClose={upgradeDialog.close} feature="linkedin" />
      {/* A set's record carries its certificate design: the test fills that certificate's fields. */}
      {owner === 'certificates' && 'schemaVersion' in record && (
        <SendTestDialog
          opened={testOpen}
          onClose={testDialog.close}
          certificateId={id}
          userEmail={user.email}
          certificate={record}
          email={design}
        />
      )}
    </Box>
  );
}
