import { useLayoutEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { Box, Button, Checkbox, HStack, IconButton, Popover, Portal, Stack, Text } from '@chakra-ui/react';
import { ArrowDown, ArrowUp, Columns3 } from 'lucide-react';
import { COLUMN_WIDTH_STEP, DENSITIES, MAX_COLUMN_WIDTH, MIN_COLUMN_WIDTH } from '../../../models/preferences';
import { t } from '../../i18n';
import type { ColumnSettings } from './useColumnSettings';

// A list table's column settings (issue 16): which columns show and in which order, the density, and a
// resize handle on each header cell (drag it, or focus it and use the arrow keys).

export function ColumnSettingsButton({ table, settings, label }: { table: string; settings: ColumnSettings; label: (name: string) => string }) {
  const lastVisible = settings.visible.length === 1;
  return (
    <Popover.Root positioning={{ placement: 'bottom-end' }} lazyMount unmountOnExit>
      <Popover.Trigger asChild>
        <IconButton size="xs" variant="ghost" aria-label={t('columnSettings.title')} title={t('columnSettings.title')} data-testid={`column-settings-${table}`}>
          <Columns3 />
        </IconButton>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content w="280px" maxW="calc(100vw - 16px)" aria-label={t('columnSettings.title')} data-testid="column-settings">
            <Popover.Body p="3">
              <Stack gap="3">
                <Popover.Title fontSize="sm" fontWeight="semibold">
                  {t('columnSettings.title')}
                </Popover.Title>
                <Stack gap="1.5">
                  <Text fontSize="sm" fontWeight="medium">
                    {t('columnSettings.density')}
                  </Text>
                  <HStack gap="1" role="radiogroup" aria-label={t('columnSettings.density')}>
                    {DENSITIES.map((d) => (
                      <Button
                        key={d}
                        size="xs"
                        flex="1"
                        role="radio"
                        aria-checked={settings.density === d}
                        variant={settings.density === d ? 'subtle' : 'outline'}
                        colorPalette={settings.density === d ? 'blue' : 'gray'}
                        onClick={() => settings.setDensity(d)}
                        data-testid={`density-${d}`}
                      >
                        {t(`columnSettings.densities.${d}`)}
                      </Button>
                    ))}
                  </HStack>
                </Stack>
                <Stack gap="1">
                  <Text fontSize="sm" fontWeight="medium">
                    {t('columnSettings.columns')}
                  </Text>
                  <Stack gap="0.5" maxH="320px" overflowY="auto" data-testid="column-list">
                    {settings.columns.map(({ column, hidden }, i) => (
                      <HStack key={column.name} gap="1" data-testid={`column-item-${column.name}`}>
                        <Checkbox.Root
                          size="sm"
                          flex="1"
                          minW="0"
                          checked={!hidden}
                          disabled={!hidden && lastVisible}
                          onCheckedChange={(e) => settings.setHidden(column.name, !e.checked)}
                          data-testid={`column-toggle-${column.name}`}
                        >
                          <Checkbox.HiddenInput />
                          <Checkbox.Control />
                          <Checkbox.Label truncate>{label(column.name)}</Checkbox.Label>
                        </Checkbox.Root>
                        <IconButton
                          size="2xs"
                          variant="ghost"
                          disabled={i === 0}
                          aria-label={t('columnSettings.moveUp', { column: label(column.name) })}
                          title={t('columnSettings.moveUp', { column: label(column.name) })}
                          onClick={() => settings.move(column.name, -1)}
                          data-testid={`column-up-${column.name}`}
                        >
                          <ArrowUp />
                        </IconButton>
                        <IconButton
                          size="2xs"
                          variant="ghost"
                          disabled={i === settings.columns.length - 1}
                          aria-label={t('columnSettings.moveDown', { column: label(column.name) })}
                          title={t('columnSettings.moveDown', { column: label(column.name) })}
                          onClick={() => settings.move(column.name, 1)}
                          data-testid={`column-down-${column.name}`}
                        >
                          <ArrowDown />
                        </IconButton>
                      </HStack>
                    ))}
                  </Stack>
                </Stack>
                <Text fontSize="xs" color="fg.muted">
                  {t('columnSettings.resizeHint')}
                </Text>
                <Button size="xs" variant="outline" disabled={!settings.customized} onClick={settings.reset} data-testid="columns-reset">
                  {t('columnSettings.reset')}
                </Button>
              </Stack>
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}

/**
 * The handle at a header cell's end edge that resizes its column: drag it, or focus it and press
 * ArrowLeft / ArrowRight. Until the admin sets a width, it starts from the width the cell has.
 */
export function ColumnResizeHandle({ name, label, width, onResize }: { name: string; label: string; width?: number; onResize: (px: number) => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const drag = useRef<{ x: number; width: number } | null>(null);
  const [shown, setShown] = useState(width);
  const cellWidth = () => Math.round(ref.current?.parentElement?.getBoundingClientRect().width ?? MIN_COLUMN_WIDTH);
  // The width a screen reader announces: the admin's, else the cell's own.
  useLayoutEffect(() => setShown(width ?? cellWidth()), [width]);
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    e.preventDefault();
    e.stopPropagation();
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { x: e.clientX, width: width ?? cellWidth() };
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (drag.current) onResize(drag.current.width + e.clientX - drag.current.x);
  };
  const endDrag = () => {
    drag.current = null;
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const by = e.key === 'ArrowRight' ? COLUMN_WIDTH_STEP : e.key === 'ArrowLeft' ? -COLUMN_WIDTH_STEP : 0;
    if (!by) return;
    e.preventDefault();
    onResize((width ?? cellWidth()) + by);
  };
  return (
    <Box
      ref={ref}
      role="separator"
      aria-orientation="vertical"
      aria-label={t('columnSettings.resize', { column: label })}
      aria-valuenow={shown ?? MIN_COLUMN_WIDTH}
      aria-valuemin={MIN_COLUMN_WIDTH}
      aria-valuemax={MAX_COLUMN_WIDTH}
      tabIndex={0}
      data-testid={`column-resize-${name}`}
      position="absolute"
      top="0"
      bottom="0"
      insetInlineEnd="-3px"
      w="7px"
      zIndex="1"
      cursor="col-resize"
      touchAction="none"
      _hover={{ bg: 'colorPalette.muted' }}
      _focusVisible={{ bg: 'colorPalette.solid', outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '1px' }}
      colorPalette="blue"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={endDrag}
      onPointerCancel={endDrag}
      onKeyDown={onKeyDown}
      onClick={(e) => e.stopPropagation()}
    />
  );
}
