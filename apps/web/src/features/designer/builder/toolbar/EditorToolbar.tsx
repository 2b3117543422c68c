import type { Element } from '@laurel/certificate';
import type { CustomFont } from '@laurel/domain';
import { Divider, Group, Text } from '@mantine/core';
import {
  IconArrowBackUp,
  IconArrowForwardUp,
  IconCopy,
  IconEyeOff,
  IconLayersSelected,
  IconLayersSelectedBottom,
  IconLayoutAlignCenter,
  IconLock,
  IconLockOpen,
  IconTrash,
} from '@tabler/icons-react';
import type { Dispatch } from 'react';
import type { EditorAction } from '../state/actions.ts';
import type { EditorState } from '../state/editor-state.ts';
import { isHidden, isText, mayDelete, mayDuplicate, sideList } from '../state/elements.ts';
import { canRedo, canUndo } from '../state/history.ts';
import classes from './EditorToolbar.module.css';
import { TextToolbar } from './TextToolbar.tsx';
import { ToolButton } from './ToolButton.tsx';

interface EditorToolbarProps {
  state: EditorState;
  dispatch: Dispatch<EditorAction>;
  readOnly: boolean;
  customFonts: readonly CustomFont[];
  onAddFont: () => void;
  onRemoveFonts: () => void;
  onDelete: () => void;
}

/** The bar above the canvas: history, the selection's text style and arrangement, and view options. */
export function EditorToolbar({ state, dispatch, readOnly, customFonts, onAddFont, onRemoveFonts, onDelete }: EditorToolbarProps) {
  const list = sideList(state.design, state.side);
  const selected = state.selection.map((i) => list[i]).filter((e): e is Element => Boolean(e));
  const first = selected[0];
  const has = selected.length > 0;
  const textElement = selected.find(isText);

  return (
    <div className={classes.bar} role="toolbar" aria-label="Editor toolbar">
      <Group gap={2} wrap="nowrap">
        <ToolButton
          label="Undo"
          shortcut="Ctrl+Z"
          disabled={readOnly || !canUndo(state.history)}
          onClick={() => dispatch({ type: 'undo' })}
        >
          <IconArrowBackUp size={18} />
        </ToolButton>
        <ToolButton
          label="Redo"
          shortcut="Ctrl+Shift+Z"
          disabled={readOnly || !canRedo(state.history)}
          onClick={() => dispatch({ type: 'redo' })}
        >
          <IconArrowForwardUp size={18} />
        </ToolButton>
      </Group>
      <Divider orientation="vertical" />
      {!readOnly && textElement ? (
        <TextToolbar
          element={textElement}
          dispatch={dispatch}
          customFonts={customFonts}
          expirationFormat={state.design.expiration_date_format}
          onAddFont={onAddFont}
          onRemoveFonts={onRemoveFonts}
        />
      ) : (
        <Text size="xs" c="dimmed" className={classes.hint}>
          {readOnly
            ? 'View only: you can look but not change this design.'
            : has
              ? ''
              : 'Select an element to style it, or add content from the left.'}
        </Text>
      )}
      {!readOnly && has && (
        <>
          <Divider orientation="vertical" />
          <Group gap={2} wrap="nowrap">
            <ToolButton label="Centre horizontally" onClick={() => dispatch({ type: 'centerHorizontally' })}>
              <IconLayoutAlignCenter size={18} />
            </ToolButton>
            <ToolButton
              label="Duplicate"
              shortcut="Ctrl+D"
              disabled={!selected.some(mayDuplicate)}
              onClick={() => dispatch({ type: 'duplicateSelected' })}
            >
              <IconCopy size={18} />
            </ToolButton>
            <ToolButton label={first?.lock ? 'Unlock' : 'Lock'} active={first?.lock} onClick={() => dispatch({ type: 'toggleLock' })}>
              {first?.lock ? <IconLock size={18} /> : <IconLockOpen size={18} />}
            </ToolButton>
            <ToolButton
              label={first && isHidden(first) ? 'Unhide' : 'Hide'}
              active={first ? isHidden(first) : false}
              onClick={() => dispatch({ type: 'toggleHide' })}
            >
              <IconEyeOff size={18} />
            </ToolButton>
            <ToolButton label="Bring to front" onClick={() => dispatch({ type: 'bringToFront' })}>
              <IconLayersSelected size={18} />
            </ToolButton>
            <ToolButton label="Send to back" onClick={() => dispatch({ type: 'sendToBack' })}>
              <IconLayersSelectedBottom size={18} />
            </ToolButton>
            <ToolButton label="Delete" shortcut="Del" disabled={!selected.some((e) => mayDelete(state.design, e))} onClick={onDelete}>
              <IconTrash size={18} />
            </ToolButton>
          </Group>
        </>
      )}
    </div>
  );
}
