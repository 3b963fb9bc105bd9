import { memo, useMemo, type RefObject } from 'react';
import { Box, Text } from '@chakra-ui/react';
import ReactGridLayout, { useContainerWidth, type Layout, type LayoutItem } from 'react-grid-layout';
import { motion, useReducedMotion } from 'framer-motion';
import 'react-grid-layout/css/styles.css';
import 'react-resizable/css/styles.css';
import { DRAG_ANIMATION_MS, GRID_COLUMNS } from '../../../models/constants';
import { defaultHeight, gridOf } from '../../../models/formComponents';
import type { FormComponentType, FormOptions, FormRule } from '../../../models/formRules';
import { t } from '../../i18n';
import { FormItem } from './FormRenderer';
import type { FormDesigner } from './useFormDesigner';

// The canvas: the form's rules on a 24-column react-grid-layout grid. Components are dragged in from the
// palette (the grid's drop-from-outside support), moved and resized on the grid; a click makes one
// active. Placement and moves animate for DRAG_ANIMATION_MS unless the system asks for reduced motion.

/** Row height: a wide canvas shows label and control side by side, a narrow one stacks them. */
const ROW_HEIGHT = { wide: 44, narrow: 76 };
const NARROW_PX = 600;
const DROPPING = '__dropping-elem__';

/** The kind being dragged from the palette, shared with the canvas while a drag is on. */
export type PaletteDrag = RefObject<FormComponentType | null>;

const CanvasItem = memo(function CanvasItem({ rule, options, active, reduced }: { rule: FormRule; options: FormOptions; active: boolean; reduced: boolean }) {
  return (
    <motion.div
      initial={reduced ? false : { opacity: 0, scale: 0.96 }}
      animate={{ opacity: 1, scale: 1 }}
      transition={{ duration: reduced ? 0 : DRAG_ANIMATION_MS / 1000 }}
      style={{ height: '100%' }}
    >
      <Box
        h="full"
        px="2"
        py="1"
        bg="bg"
        borderWidth={active ? '2px' : '1px'}
        borderColor={active ? 'blue.500' : 'border'}
        borderStyle={rule.type === 'row' ? 'dashed' : 'solid'}
        rounded="md"
        overflow="hidden"
        cursor="move"
        pointerEvents="auto"
      >
        {/* A picture of the component, not a control: out of the tab order and the accessibility tree. */}
        <Box pointerEvents="none" inert>
          <FormItem rule={rule} options={options} value={undefined} readOnly idPrefix="canvas" />
        </Box>
      </Box>
    </motion.div>
  );
});

export function DesignCanvas({ designer, drag }: { designer: FormDesigner; drag: PaletteDrag }) {
  const { width, containerRef, mounted } = useContainerWidth();
  const reduced = useReducedMotion() ?? false;
  const { rules, options, active } = designer;
  const layout = useMemo<Layout>(
    () =>
      rules.map((r, i) => {
        const g = gridOf(r) ?? { x: 0, y: i, w: GRID_COLUMNS, h: 1 };
        return { i: r.field, x: g.x, y: g.y, w: g.w, h: g.h, minW: 2 };
      }),
    [rules],
  );
  const commit = (next: Layout) => designer.changeLayout(next.filter((l) => l.i !== DROPPING).map(({ i, x, y, w, h }) => ({ i, x, y, w, h })));
  const kind = drag.current;
  return (
    <Box
      ref={containerRef}
      position="relative"
      minH="360px"
      bg="bg.subtle"
      borderWidth="1px"
      borderStyle="dashed"
      rounded="md"
      aria-label={t('formDesign.canvas')}
      data-testid="form-canvas"
      data-count={rules.length}
      // A click on the canvas itself (not on a component) leaves no component active.
      onClick={(e) => {
        if (!(e.target as HTMLElement).closest('.react-grid-item')) designer.select(null);
      }}
      css={{
        '& .react-grid-item.cssTransforms': { transitionDuration: reduced ? '0ms' : `${DRAG_ANIMATION_MS}ms` },
        '& .react-grid-item.react-grid-placeholder': { background: 'var(--chakra-colors-blue-200)', borderRadius: '6px' },
        '@media (prefers-reduced-motion: reduce)': { '& .react-grid-item': { transition: 'none !important' } },
      }}
    >
      {rules.length === 0 && (
        <Text position="absolute" inset="0" display="flex" alignItems="center" justifyContent="center" color="fg.muted" fontSize="sm" pointerEvents="none" data-testid="canvas-empty">
          {t('formDesign.canvasEmpty')}
        </Text>
      )}
      {mounted && (
        <ReactGridLayout
          width={width}
          layout={layout}
          gridConfig={{ cols: GRID_COLUMNS, rowHeight: width < NARROW_PX ? ROW_HEIGHT.narrow : ROW_HEIGHT.wide, margin: [8, 8] }}
          dragConfig={{ enabled: designer.canEdit }}
          resizeConfig={{ enabled: designer.canEdit, handles: ['e', 'se'] }}
          dropConfig={{
            enabled: designer.canEdit,
            defaultItem: { w: GRID_COLUMNS, h: 1 },
            onDragOver: () => (drag.current ? { w: GRID_COLUMNS, h: defaultHeight(drag.current) } : false),
          }}
          droppingItem={{ i: DROPPING, x: 0, y: 0, w: GRID_COLUMNS, h: kind ? defaultHeight(kind) : 1 }}
          onDragStop={(next) => commit(next)}
          onResizeStop={(next) => commit(next)}
          onDrop={(_next, item: LayoutItem | undefined) => {
            const dropped = drag.current;
            drag.current = null;
            if (dropped && item) designer.add(dropped, { x: item.x, y: item.y });
          }}
          style={{ minHeight: 360 }}
        >
          {rules.map((rule) => (
            <div
              key={rule.field}
              data-testid={`canvas-item-${rule.field}`}
              data-type={rule.type}
              data-active={active?.field === rule.field}
              role="button"
              tabIndex={0}
              aria-pressed={active?.field === rule.field}
              aria-label={t('formDesign.componentLabel', { title: rule.title, type: t(`formDesign.components.${rule.type}`) })}
              onClick={() => designer.select(rule.field)}
              onKeyDown={(e) => {
                if (e.target !== e.currentTarget) return;
                if (e.key === 'Enter' || e.key === ' ') {
                  e.preventDefault();
                  designer.select(rule.field);
                } else if (e.key === 'Delete' && active?.field === rule.field) designer.remove();
              }}
            >
              <CanvasItem rule={rule} options={options} active={active?.field === rule.field} reduced={reduced} />
            </div>
          ))}
        </ReactGridLayout>
      )}
    </Box>
  );
}
