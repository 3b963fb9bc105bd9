import { Box } from '@chakra-ui/react';
import { POSTER_FONT, type PosterElement } from '../../../models/poster';
import { POSTER_LINE_HEIGHT, qrPath, wrapText } from '../../../models/posterDrawing';

/** One element as the server draws it: the same lines of text, the same QR modules, images covering their box. */
export function PosterElementView({ el, scale }: { el: PosterElement; scale: number }) {
  if (el.kind === 'text')
    return (
      <Box
        as="div"
        w="full"
        h="full"
        overflow="hidden"
        whiteSpace="pre"
        style={{ fontFamily: POSTER_FONT, fontSize: `${el.font_size * scale}px`, lineHeight: POSTER_LINE_HEIGHT, color: el.color }}
      >
        {wrapText(el.text, el.font_size, el.w).join('\n')}
      </Box>
    );
  if (el.kind === 'qr') {
    const { size, d } = qrPath(el.text || ' ');
    return (
      <svg width="100%" height="100%" viewBox={`0 0 ${size} ${size}`} shapeRendering="crispEdges" aria-hidden="true">
        <rect width={size} height={size} fill="#ffffff" />
        <path d={d} fill={el.color} />
      </svg>
    );
  }
  return <img src={el.url} alt="" draggable={false} style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }} />;
}
