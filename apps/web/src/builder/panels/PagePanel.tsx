import { canvasSize, PAGE_FORMATS, type Element, type PageFormat } from '@laurel/certificate';
import { Badge, Group, SegmentedControl, Select, Stack, Switch, Text } from '@mantine/core';
import { IconCrown } from '@tabler/icons-react';
import type { Dispatch } from 'react';
import { ELEMENT_NAMES } from '../element-names.ts';
import type { EditorAction } from '../state/actions.ts';
import type { EditorState } from '../state/editor-state.ts';
import { position, sideList } from '../state/elements.ts';
import classes from './PagePanel.module.css';

/** Spec 2 §4: elements are nudged back inside the canvas 50 ms after the format changes. */
const KEEP_INSIDE_DELAY_MS = 50;

interface PagePanelProps {
  state: EditorState;
  dispatch: Dispatch<EditorAction>;
  readOnly: boolean;
  twoSidedAllowed: boolean;
  onTwoSidedBlocked: () => void;
}

/** The page's settings (side, format, orientation) and what is selected, on the right of the canvas. */
export function PagePanel({ state, dispatch, readOnly, twoSidedAllowed, onTwoSidedBlocked }: PagePanelProps) {
  const { design } = state;
  const size = canvasSize(design.format, design.is_portrait);
  const list = sideList(design, state.side);
  const selected = state.selection.map((i) => list[i]).filter((e): e is Element => Boolean(e));

  const change = (action: EditorAction) => {
    dispatch(action);
    window.setTimeout(() => dispatch({ type: 'keepInside' }), KEEP_INSIDE_DELAY_MS);
  };

  return (
    <Stack gap="lg" className={classes.panel} component="aside" aria-label="Page settings">
      <div>
        <Text className={classes.heading}>Side</Text>
        <SegmentedControl
          fullWidth
          size="xs"
          aria-label="Certificate side"
          value={state.side}
          onChange={(side) => dispatch({ type: 'setSide', side: side as 'front' | 'back' })}
          data={[
            { value: 'front', label: 'Front' },
            { value: 'back', label: 'Back', disabled: !design.use_two_side },
          ]}
        />
        <Switch
          mt="sm"
          size="sm"
          label={
            <Group gap={4}>
              Two-sided certificate {!twoSidedAllowed && <IconCrown size={13} color="var(--mantine-color-yellow-7)" />}
            </Group>
          }
          checked={design.use_two_side}
          disabled={readOnly}
          onChange={(e) => {
            if (e.currentTarget.checked && !twoSidedAllowed) return onTwoSidedBlocked();
            dispatch({ type: 'setTwoSided', on: e.currentTarget.checked });
          }}
        />
      </div>
      <div>
        <Text className={classes.heading}>Format</Text>
        <Stack gap="xs">
          <Select
            label="Paper size"
            size="xs"
            data={[...PAGE_FORMATS]}
            value={design.format}
            allowDeselect={false}
            disabled={readOnly}
            onChange={(format) => format && change({ type: 'setFormat', format: format as PageFormat, isPortrait: design.is_portrait })}
          />
          <SegmentedControl
            fullWidth
            size="xs"
            aria-label="Orientation"
            value={design.is_portrait ? 'portrait' : 'landscape'}
            disabled={readOnly}
            onChange={(value) => (value === 'portrait') !== design.is_portrait && change({ type: 'flipOrientation' })}
            data={[
              { value: 'landscape', label: 'Landscape' },
              { value: 'portrait', label: 'Portrait' },
            ]}
          />
          <Text size="xs" c="dimmed">
            Canvas {size.width} × {size.height} px
          </Text>
        </Stack>
      </div>
      <div>
        <Text className={classes.heading}>Selection</Text>
        {selected.length === 0 && (
          <Text size="xs" c="dimmed">
            Click an element to select it. Hold Ctrl or ⌘ to select several; arrow keys nudge by one pixel.
          </Text>
        )}
        {selected.length === 1 && selected[0] && <SelectedDetails element={selected[0]} />}
        {selected.length > 1 && <Text size="sm">{selected.length} elements selected</Text>}
      </div>
    </Stack>
  );
}

function SelectedDetails({ element }: { element: Element }) {
  const p = position(element);
  return (
    <Stack gap={6}>
      <Group gap={6}>
        <Text size="sm" fw={600}>
          {ELEMENT_NAMES[element.type]}
        </Text>
        {element.lock && <Badge size="xs" color="orange">Locked</Badge>}
        {element.restrictions === 'read-only' && <Badge size="xs" color="gray">Read-only</Badge>}
      </Group>
      <div className={classes.metrics}>
        <span>X</span>
        <strong>{Math.round(p.left)}</strong>
        <span>Y</span>
        <strong>{Math.round(p.top)}</strong>
        <span>W</span>
        <strong>{p.width !== undefined ? Math.round(p.width) : 'auto'}</strong>
        <span>H</span>
        <strong>{p.height !== undefined ? Math.round(p.height) : 'auto'}</strong>
      </div>
    </Stack>
  );
}
