import { ActionIcon, Group, Paper, Text, Tooltip } from '@mantine/core';
import { IconEye, IconGridDots, IconMinus, IconPlus, IconUserCheck } from '@tabler/icons-react';
import type { Dispatch, ReactNode } from 'react';
import type { EditorAction } from '../state/actions.ts';
import type { EditorState } from '../state/editor-state.ts';
import classes from './CertificateCanvas.module.css';

const ZOOMS = [0.5, 0.75, 1, 1.25, 1.5, 2];

/** The next step of the zoom list from any zoom, including one fitted to a phone's width between two steps. */
const zoomOut = (zoom: number) => [...ZOOMS].reverse().find((z) => z < zoom - 0.001);
const zoomIn = (zoom: number) => ZOOMS.find((z) => z > zoom + 0.001);

/** Floating view options over the stage: guides, hidden elements, sample data and zoom. None of them changes the design. */
export function ViewControls({ state, dispatch }: { state: EditorState; dispatch: Dispatch<EditorAction> }) {
  const out = zoomOut(state.zoom);
  const into = zoomIn(state.zoom);
  const toggle = (label: string, active: boolean, action: EditorAction, icon: ReactNode) => (
    <Tooltip label={label} withArrow>
      <ActionIcon
        aria-label={label}
        aria-pressed={active}
        variant={active ? 'light' : 'subtle'}
        color={active ? 'blue' : 'gray'}
        onClick={() => dispatch(action)}
      >
        {icon}
      </ActionIcon>
    </Tooltip>
  );
  return (
    <Paper className={classes.viewControls} shadow="sm" radius="md" withBorder onPointerDown={(e) => e.stopPropagation()}>
      <Group gap={4} wrap="nowrap">
        {toggle('Guides grid', state.guides, { type: 'toggleGuides' }, <IconGridDots size={17} />)}
        {toggle('Show hidden', state.showHidden, { type: 'toggleShowHidden' }, <IconEye size={17} />)}
        {toggle('Preview with sample data', state.sample, { type: 'toggleSample' }, <IconUserCheck size={17} />)}
        <div className={classes.viewDivider} />
        <ActionIcon
          aria-label="Zoom out"
          variant="subtle"
          color="gray"
          disabled={out === undefined}
          onClick={() => out !== undefined && dispatch({ type: 'setZoom', zoom: out })}
        >
          <IconMinus size={16} />
        </ActionIcon>
        <Text size="xs" fw={600} w={42} ta="center" aria-label="Zoom level" style={{ fontVariantNumeric: 'tabular-nums' }}>
          {Math.round(state.zoom * 100)}%
        </Text>
        <ActionIcon
          aria-label="Zoom in"
          variant="subtle"
          color="gray"
          disabled={into === undefined}
          onClick={() => into !== undefined && dispatch({ type: 'setZoom', zoom: into })}
        >
          <IconPlus size={16} />
        </ActionIcon>
      </Group>
    </Paper>
  );
}
