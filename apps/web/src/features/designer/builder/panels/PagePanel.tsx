import { canvasSize, type Element, PAGE_FORMATS, type PageFormat } from '@laurel/certificate';
import { Badge, Group, NumberInput, SegmentedControl, Select, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { IconCrown } from '@tabler/icons-react';
import type { Dispatch } from 'react';
import { ELEMENT_NAMES } from '../element-names.ts';
import type { EditorAction } from '../state/actions.ts';
import type { EditorState } from '../state/editor-state.ts';
import { position, sideList } from '../state/elements.ts';
import classes from './PagePanel.module.css';

/** docs/product/builder.md#flows: elements are nudged back inside the canvas 50 ms after the format changes. */
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
            <Group gap={4}>Two-sided certificate {!twoSidedAllowed && <IconCrown size={13} color="var(--mantine-color-yellow-7)" />}</Group>
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
        {selected.length === 1 && selected[0] && (
          <SelectedDetails
            element={selected[0]}
            readOnly={readOnly}
            onPlace={(box) => dispatch({ type: 'place', index: state.selection[0]!, box })}
          />
        )}
        {selected.length > 1 && <Text size="sm">{selected.length} elements selected</Text>}
      </div>
    </Stack>
  );
}

type Box = { left: number; top: number; width: number; height: number };

function Coordinate({
  label,
  value,
  disabled,
  onCommit,
}: {
  label: string;
  value: number | undefined;
  disabled: boolean;
  onCommit: (n: number) => void;
}) {
  return (
    <NumberInput
      key={value}
      label={label}
      aria-label={label}
      size="xs"
      defaultValue={value !== undefined ? Math.round(value) : undefined}
      placeholder="auto"
      disabled={disabled || value === undefined}
      hideControls
      allowDecimal={false}
      onBlur={(e) => {
        const n = Number(e.currentTarget.value);
        if (e.currentTarget.value !== '' && Number.isFinite(n) && n !== Math.round(value ?? NaN)) onCommit(n);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter') e.currentTarget.blur();
      }}
      rightSection={
        <Text size="10px" c="dimmed">
          px
        </Text>
      }
    />
  );
}

/** The selected element's kind, state and box; typed coordinates move and size it exactly. */
function SelectedDetails({ element, readOnly, onPlace }: { element: Element; readOnly: boolean; onPlace: (box: Partial<Box>) => void }) {
  const p = position(element);
  const fixed = readOnly || element.lock;
  return (
    <Stack gap={8}>
      <Group gap={6}>
        <Text size="sm" fw={600}>
          {ELEMENT_NAMES[element.type]}
        </Text>
        {element.lock && (
          <Badge size="xs" color="orange">
            Locked
          </Badge>
        )}
        {element.restrictions === 'read-only' && (
          <Badge size="xs" color="gray">
            Read-only
          </Badge>
        )}
      </Group>
      <SimpleGrid cols={2} spacing={8} verticalSpacing={6}>
        <Coordinate label="X" value={p.left} disabled={fixed} onCommit={(left) => onPlace({ left })} />
        <Coordinate label="Y" value={p.top} disabled={fixed} onCommit={(top) => onPlace({ top })} />
        <Coordinate label="Width" value={p.width} disabled={fixed || !element.resize} onCommit={(width) => onPlace({ width })} />
        <Coordinate
          label="Height"
          value={element.type === 'line' ? undefined : p.height}
          disabled={fixed || !element.resize}
          onCommit={(height) => onPlace({ height })}
        />
      </SimpleGrid>
    </Stack>
  );
}
