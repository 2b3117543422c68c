import { type Element, migrateDesign } from '@laurel/certificate';
import { type AttachedFile, type CustomFont, type UserDto, upgradeMessage } from '@laurel/domain';
import { Button, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useReducer, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../shared/api/errors.ts';
import { openUpgradeDialog } from '../../../shared/components/plan-dialogs.tsx';
import { useExitGuard } from '../../../shared/hooks/useExitGuard.tsx';
import { notifyError, notifySuccess } from '../../../shared/lib/notify.ts';
import { type BuilderTarget, type DesignSet, listFonts, updateDesignSet } from '../api.ts';
import { designerKeys } from '../query-keys.ts';
import { builderAccess } from './access.ts';
import { contentElement, imageElement } from './add-content.ts';
import { BuilderHeader } from './BuilderHeader.tsx';
import classes from './BuilderScreen.module.css';
import { CertificateCanvas } from './canvas/CertificateCanvas.tsx';
import { usePhoneFit } from './canvas/usePhoneFit.ts';
import { AttachFilesDialog } from './dialogs/AttachFilesDialog.tsx';
import { BackgroundDialog } from './dialogs/BackgroundDialog.tsx';
import { AddFontDialog, RemoveFontsDialog } from './dialogs/FontDialogs.tsx';
import { ImageDialog } from './dialogs/ImageDialog.tsx';
import { imageSize } from './dialogs/image-files.ts';
import { SavedDialog } from './dialogs/SavedDialog.tsx';
import { TestCertificateDialog } from './dialogs/TestCertificateDialog.tsx';
import { useEngineFonts } from './fonts/useEngineFonts.ts';
import { AddContentPanel, type AddKind } from './panels/AddContentPanel.tsx';
import { PagePanel } from './panels/PagePanel.tsx';
import { openPreview } from './preview.ts';
import { designPayload, firstDesignIssue, isReplyToError, saveErrorMessage } from './save-design.ts';
import { initialEditorState } from './state/editor-state.ts';
import { sideList } from './state/elements.ts';
import type { Room } from './state/free-room.ts';
import { editorReducer } from './state/reducer.ts';
import { EditorToolbar } from './toolbar/EditorToolbar.tsx';
import { useBuilderKeyboard } from './useBuilderKeyboard.ts';

type Dialog = 'background' | 'image' | 'logo' | 'attach' | 'test' | 'saved' | 'addFont' | 'removeFonts';

const NO_FONTS: CustomFont[] = [];

interface BuilderScreenProps {
  target: BuilderTarget;
  set: DesignSet;
  user: UserDto;
}

/** The certificate editor: add content, canvas, toolbar and page settings around one reducer. */
export function BuilderScreen({ target, set, user }: BuilderScreenProps) {
  const navigate = useNavigate();
  const access = builderAccess(user);
  const isTemplate = target.kind === 'styles';
  const readOnly = isTemplate ? !access.isSuperAdmin : !access.editDesign;
  const [state, dispatch] = useReducer(editorReducer, set, (s) => initialEditorState(migrateDesign(s)));
  const phone = usePhoneFit(state.design.format, state.design.is_portrait, dispatch);
  const [editing, setEditing] = useState<number | null>(null);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [saving, setSaving] = useState(false);
  const [uploads, setUploads] = useState<AttachedFile[]>('uploads' in set ? set.uploads : []);
  const [name, setName] = useState(set.name);
  // What the user sees of the page, asked for when content is added so that it lands in view.
  const room = useRef<(() => Room | undefined) | null>(null);

  const fontsQuery = useQuery({ queryKey: designerKeys.fonts(), queryFn: listFonts, enabled: !isTemplate && Boolean(user.account) });
  const [customFonts, setCustomFonts] = useState<CustomFont[] | null>(null);
  const fontList = customFonts ?? fontsQuery.data?.fonts ?? NO_FONTS;
  // Until the account's own fonts are listed, a text set in one of them cannot be drawn in it yet.
  const fonts = useEngineFonts(state.design, fontList, state.side, fontsQuery.isLoading);

  useExitGuard(state.dirty);

  // Elements marked delete-warning are removed only after a confirmation (the confirm delete item dialog).
  const selectionList = sideList(state.design, state.side);
  const warnOnDelete = state.selection.some((i) => selectionList[i]?.restrictions === 'delete-warning');
  const requestDelete = useCallback(() => {
    if (!warnOnDelete) return dispatch({ type: 'deleteSelected' });
    modals.openConfirmModal({
      title: 'Delete this item?',
      children: <Text size="sm">This element is part of the template's design. Delete it anyway?</Text>,
      labels: { confirm: 'Delete', cancel: 'Keep it' },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        dispatch({ type: 'deleteSelected' });
        notifySuccess('Deleted Item.');
      },
    });
  }, [warnOnDelete]);
  useBuilderKeyboard(dispatch, !readOnly && editing === null && dialog === null, requestDelete);

  const upgrade = useCallback((feature: string) => openUpgradeDialog(navigate, feature), [navigate]);
  const listPath = isTemplate ? '/admin/build' : '/build';

  const onAdd = (kind: AddKind) => {
    if (kind === 'qrcode' && !access.qrCode && !isTemplate) return upgrade(upgradeMessage('qr_code'));
    if (kind === 'logo') {
      if (!access.logo && !isTemplate) return upgrade(upgradeMessage('logo'));
      const logo = user.account?.imagepath;
      if (logo) {
        // The account logo keeps its own proportions inside the 75 px logo box.
        void imageSize(logo)
          .catch(() => ({ width: 75, height: 75 }))
          .then((size) => addElement(imageElement('logo', state.design, { imagepath: logo, ...size })));
        return;
      }
      return setDialog('logo');
    }
    if (kind === 'image') return setDialog('image');
    addElement(contentElement(kind, state.design));
  };

  const addElement = (element: Element) => dispatch({ type: 'add', element, room: room.current?.() });

  const save = async () => {
    if (readOnly) return;
    const issue = firstDesignIssue(state.design);
    if (issue) return notifyError(issue);
    setSaving(true);
    try {
      const saved = await updateDesignSet(target, designPayload(state.design));
      dispatch({ type: 'saved', design: migrateDesign(saved) });
      setName(saved.name);
      notifySuccess('Certificate saved.');
      if (isTemplate) {
        modals.open({
          title: 'Global Template Saved As',
          children: (
            <Stack gap="md">
              <Text size="sm">“{saved.name}” is saved and available to every account.</Text>
              <Button onClick={() => modals.closeAll()}>Done</Button>
            </Stack>
          ),
          onClose: () => navigate('/admin/build'),
        });
      } else setDialog('saved');
    } catch (error) {
      notifyError(saveErrorMessage(error));
      if (error instanceof ApiError && error.body.error_type === 'upgrade') upgrade(error.body.errors[0] ?? error.body.message);
      if (isReplyToError(error)) void navigate(`/build/${target.id}/email?return=/build/${target.id}`);
    } finally {
      setSaving(false);
    }
  };

  // The preview shows the design on screen, saved or not (the spec asked for a save first; docs/decisions/0031-builder-polish-and-first-run.md).
  const preview = () => {
    const draft = !isTemplate && (state.dirty || state.sample);
    void openPreview(target, draft ? { design: designPayload(state.design), sample: state.sample } : undefined);
  };

  return (
    <div className={classes.screen}>
      <BuilderHeader
        name={name}
        kindLabel={isTemplate ? 'Global template' : 'Certificate set'}
        compact={phone}
        dirty={state.dirty}
        saving={saving}
        readOnly={readOnly}
        onBack={() => navigate(listPath)}
        onSave={save}
        onPreview={preview}
        onTest={
          // A test is the set's email: it needs the right to edit emails, as the server checks.
          isTemplate || !access.editEmail
            ? null
            : () => (state.dirty ? notifyError('You must first save the Certificate in order to preview') : setDialog('test'))
        }
        onEditEmail={access.editEmail ? () => navigate(isTemplate ? `/admin/build/${target.id}/email` : `/build/${target.id}/email`) : null}
      />
      <div className={classes.body}>
        <AddContentPanel
          disabled={readOnly}
          gated={{ logo: access.logo || isTemplate, qrcode: access.qrCode || isTemplate }}
          onAdd={onAdd}
          onBackground={() => setDialog('background')}
          onAttach={isTemplate || !access.editEmail ? null : () => setDialog('attach')}
        />
        <div className={classes.center}>
          <EditorToolbar
            state={state}
            dispatch={dispatch}
            readOnly={readOnly}
            customFonts={fontList}
            onAddFont={() => {
              if (!access.customFonts) return upgrade(upgradeMessage('custom_fonts'));
              if (fontList.length >= access.maxOwnFonts) return notifyError(`you can't use more than ${access.maxOwnFonts} of own fonts`);
              setDialog('addFont');
            }}
            onRemoveFonts={() => setDialog('removeFonts')}
            onDelete={requestDelete}
          />
          <CertificateCanvas
            state={state}
            dispatch={dispatch}
            fonts={fonts}
            readOnly={readOnly}
            editing={editing}
            onEdit={setEditing}
            roomRef={room}
          />
        </div>
        <PagePanel
          state={state}
          dispatch={dispatch}
          readOnly={readOnly}
          twoSidedAllowed={access.twoSided || isTemplate}
          onTwoSidedBlocked={() => upgrade(upgradeMessage('two_sided'))}
        />
      </div>

      <BackgroundDialog
        opened={dialog === 'background'}
        onClose={() => setDialog(null)}
        onChoose={(choice) =>
          dispatch({
            type: 'setBackground',
            imagepath: choice?.imagepath ?? null,
            // A landscape picture on a portrait page is turned a quarter, and the other way round (docs/product/builder.md#flows).
            ...(choice ? { rotate: state.design.is_portrait === choice.width > choice.height } : {}),
          })
        }
      />
      <ImageDialog
        opened={dialog === 'image' || dialog === 'logo'}
        title={dialog === 'logo' ? 'Upload your logo' : 'Add an image'}
        withStock={dialog === 'image'}
        onClose={() => setDialog(null)}
        onPicked={(image) => addElement(imageElement(dialog === 'logo' ? 'logo' : 'image', state.design, image))}
      />
      {!isTemplate && (
        <>
          <AttachFilesDialog
            opened={dialog === 'attach'}
            certificateId={target.id}
            files={uploads}
            onChange={setUploads}
            onClose={() => setDialog(null)}
          />
          <TestCertificateDialog
            opened={dialog === 'test'}
            certificateId={target.id}
            design={state.design}
            defaultEmail={user.email}
            replyTo={typeof set.reply_to === 'string' ? set.reply_to : ''}
            onPreview={preview}
            onReplyToMissing={() => navigate(`/build/${target.id}/email?return=/build/${target.id}`)}
            onClose={() => setDialog(null)}
          />
          <SavedDialog
            opened={dialog === 'saved'}
            canEditEmail={access.editEmail}
            onEditEmail={() => navigate(`/build/${target.id}/email`)}
            onImportNow={() => navigate(`/send?c=${target.id}`)}
            onImportLater={() => setDialog(null)}
          />
          <AddFontDialog
            opened={dialog === 'addFont'}
            onClose={() => setDialog(null)}
            onAdded={(font) => {
              setCustomFonts([...fontList, font]);
              // The dialog was opened from the selected text's font list: the new font is what it asked for.
              if (state.selection.length)
                dispatch({ type: 'setStyles', kind: 'font-family', styles: { 'font-family': font.family ?? font.name } });
            }}
          />
          <RemoveFontsDialog
            opened={dialog === 'removeFonts'}
            fonts={fontList}
            onClose={() => setDialog(null)}
            onRemoved={(ids) => setCustomFonts(fontList.filter((f) => !ids.includes(f.id)))}
          />
        </>
      )}
    </div>
  );
}
