import { Box } from '@chakra-ui/react';
import type { PosterElement } from '../../../models/poster';
import { t } from '../../i18n';
import type { PosterEditor } from './usePosterEditor';
import { PosterElementView } from './PosterElementView';
import { usePointerDrag } from './usePointerDrag';

/** One element on the canvas: dragged to move it, its corner handle (when selected) dragged to resize it. */
function CanvasElement({ el, scale, editor }: { el: PosterElement; scale: number; editor: PosterEditor }) {
  const selected = editor.selected?.id === el.id;
  const drag = usePointerDrag(
    scale,
    (dx, dy, o) => editor.move(el.id, Math.round(o.x + dx), Math.round(o.y + dy)),
    () => {
      editor.select(el.id);
      return { x: el.x, y: el.y };
    },
  );
  const handle = usePointerDrag(scale, (dx, dy, o) => editor.resize(el.id, Math.round(o.x + dx), Math.round(o.y + dy)), () => ({ x: el.w, y: el.h }));
  return (
    <Box
      position="absolute"
      data-testid={`poster-element-${el.id}`}
      data-kind={el.kind}
      role="button"
      tabIndex={0}
      aria-label={el.kind === 'text' ? t('posters.textLabel', { text: el.text }) : t(`posters.kinds.${el.kind}`)}
      aria-pressed={selected}
      title={t('posters.moveHint')}
      onKeyDown={(e) => {
        // Arrow keys move the element (Shift: by 10 pixels); Delete removes it.
        const step = e.shiftKey ? 10 : 1;
        const by = ({ ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] } as Record<string, [number, number]>)[e.key];
        if (!editor.editable) return;
        if (by) {
          e.preventDefault();
          editor.select(el.id);
          editor.move(el.id, el.x + by[0], el.y + by[1]);
        } else if (e.key === 'Delete' && selected) editor.remove();
        else if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          editor.select(el.id);
        }
      }}
      _focusVisible={{ outline: '2px solid', outlineColor: 'blue.600' }}
      style={{ left: el.x * scale, top: el.y * scale, width: el.w * scale, height: el.h * scale }}
      cursor={editor.editable ? 'move' : 'default'}
      outline={selected ? '2px solid' : '1px dashed'}
      outlineColor={selected ? 'blue.500' : 'transparent'}
      _hover={{ outlineColor: selected ? 'blue.500' : 'blue.300' }}
      touchAction="none"
      userSelect="none"
      {...(editor.editable ? drag : {})}
    >
      <PosterElementView el={el} scale={scale} />
      {selected && editor.editable && (
        <Box
          position="absolute"
          right="-6px"
          bottom="-6px"
          w="12px"
          h="12px"
          bg="blue.500"
          borderWidth="2px"
          borderColor="white"
          rounded="full"
          cursor="nwse-resize"
          touchAction="none"
          data-testid="poster-resize"
          aria-hidden="true"
          title={t('posters.resize')}
          {...handle}
        />
      )}
    </Box>
  );
}

/** The poster at `scale`: its background, and its elements bottom to top; a click on the background clears the selection. */
export function PosterCanvas({ editor, scale }: { editor: PosterEditor; scale: number }) {
  const p = editor.poster!;
  const background =
    p.background_type === 'image' && p.background_image
      ? { backgroundImage: `url("${p.background_image}")`, backgroundSize: 'cover', backgroundPosition: 'center' }
      : { backgroundColor: p.background_color };
  return (
    <Box
      position="relative"
      flexShrink={0}
      overflow="hidden"
      boxShadow="md"
      data-testid="poster-canvas"
      style={{ width: p.width * scale, height: p.height * scale, ...background }}
      onPointerDown={() => editor.select(null)}
    >
      {editor.elements.map((el) => (
        <CanvasElement key={el.id} el={el} scale={scale} editor={editor} />
      ))}
    </Box>
  );
}
