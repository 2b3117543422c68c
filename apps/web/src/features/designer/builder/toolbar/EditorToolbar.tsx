import type { Element } from '@laurel/certificate';
import type { CustomFont } from '@laurel/domain';
import { ActionIcon, Divider, Group, Menu, Text, Tooltip } from '@mantine/core';
import {
  IconArrowBackUp,
  IconArrowForwardUp,
  IconCopy,
  IconDots,
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

/**
 * The bar above the canvas: history, the selection's text style and arrangement. It keeps one height
 * whatever is selected, so the canvas below never moves: a narrow bar (a laptop's editor column) folds
 * the arrangement into a "More actions" menu and the alignment into one button, and anything still
 * wider scrolls sideways instead of wrapping (docs/decisions/0072-builder-at-laptop-width.md).
 */
export function EditorToolbar({ state, dispatch, readOnly, customFonts, onAddFont, onRemoveFonts, onDelete }: EditorToolbarProps) {
  const list = sideList(state.design, state.side);
  const selected = state.selection.map((i) => list[i]).filter((e): e is Element => Boolean(e));
  const first = selected[0];
  const has = selected.length > 0;
  const textElement = selected.find(isText);

  return (
    <div className={classes.bar} role="toolbar" aria-label="Editor toolbar">
      <div className={classes.row}>
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
            <Group gap={2} wrap="nowrap" className={classes.arrangeFull}>
              <ToolButton label="Centre horizontally" onClick={() => dispatch({ type: 'centerHorizontally' })}>
                <IconLayoutAlignCenter size={18} />
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
            </Group>
            <Group gap={2} wrap="nowrap">
              <ToolButton
                label="Duplicate"
                shortcut="Ctrl+D"
                disabled={!selected.some(mayDuplicate)}
                onClick={() => dispatch({ type: 'duplicateSelected' })}
              >
                <IconCopy size={18} />
              </ToolButton>
              <ToolButton label="Delete" shortcut="Del" disabled={!selected.some((e) => mayDelete(state.design, e))} onClick={onDelete}>
                <IconTrash size={18} />
              </ToolButton>
              <Menu position="bottom-end" withinPortal shadow="md">
                <Tooltip label="More actions" openDelay={400} withArrow>
                  <Menu.Target>
                    <ActionIcon
                      aria-label="More actions"
                      variant="subtle"
                      color="gray"
                      size={30}
                      radius="md"
                      className={classes.arrangeFolded}
                    >
                      <IconDots size={18} />
                    </ActionIcon>
                  </Menu.Target>
                </Tooltip>
                <Menu.Dropdown>
                  <Menu.Item leftSection={<IconLayoutAlignCenter size={16} />} onClick={() => dispatch({ type: 'centerHorizontally' })}>
                    Centre horizontally
                  </Menu.Item>
                  <Menu.Item
                    leftSection={first?.lock ? <IconLock size={16} /> : <IconLockOpen size={16} />}
                    onClick={() => dispatch({ type: 'toggleLock' })}
                  >
                    {first?.lock ? 'Unlock' : 'Lock'}
                  </Menu.Item>
                  <Menu.Item leftSection={<IconEyeOff size={16} />} onClick={() => dispatch({ type: 'toggleHide' })}>
                    {first && isHidden(first) ? 'Unhide' : 'Hide'}
                  </Menu.Item>
                  <Menu.Item leftSection={<IconLayersSelected size={16} />} onClick={() => dispatch({ type: 'bringToFront' })}>
                    Bring to front
                  </Menu.Item>
                  <Menu.Item leftSection={<IconLayersSelectedBottom size={16} />} onClick={() => dispatch({ type: 'sendToBack' })}>
                    Send to back
                  </Menu.Item>
                </Menu.Dropdown>
              </Menu>
            </Group>
          </>
        )}
      </div>
    </div>
  );
}
