import { ElementType, parseDocument } from 'htmlparser2';
import { writeTree } from '../../services/allowlistWriter';

type Document = ReturnType<typeof parseDocument>;

// SVG uploads are served from our own origin, where a script inside one would run with the admin's
// cookies when the file is opened directly. Only static drawing survives: an allowlist of SVG elements
// and presentation attributes; no script, style sheets, foreignObject, animation, event handlers or
// references to anything outside the file itself.

const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';

const ELEMENTS = [
  'svg', 'g', 'defs', 'desc', 'title', 'symbol', 'use', 'image', 'switch',
  'path', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon',
  'text', 'tspan', 'textPath',
  'linearGradient', 'radialGradient', 'stop', 'pattern', 'clipPath', 'mask', 'marker',
  'filter', 'feBlend', 'feColorMatrix', 'feComponentTransfer', 'feComposite', 'feConvolveMatrix',
  'feDiffuseLighting', 'feDisplacementMap', 'feDistantLight', 'feDropShadow', 'feFlood', 'feFuncA',
  'feFuncB', 'feFuncG', 'feFuncR', 'feGaussianBlur', 'feImage', 'feMerge', 'feMergeNode', 'feMorphology',
  'feOffset', 'fePointLight', 'feSpecularLighting', 'feSpotLight', 'feTile', 'feTurbulence',
];

/** Elements dropped together with everything inside them. */
const DROPPED_WITH_CONTENT = ['script', 'style', 'foreignObject', 'metadata', 'iframe', 'object', 'embed', 'noscript', 'template'];

const ATTRIBUTES = [
  // structure and references (hrefs are narrowed to '#fragment' below)
  'xmlns', 'xmlns:xlink', 'version', 'id', 'class', 'style', 'href', 'xlink:href', 'xml:space', 'xml:lang', 'lang',
  'role', 'aria-*', 'focusable', 'systemLanguage', 'requiredFeatures', 'requiredExtensions',
  // geometry
  'x', 'y', 'x1', 'y1', 'x2', 'y2', 'cx', 'cy', 'r', 'rx', 'ry', 'fx', 'fy', 'fr', 'width', 'height', 'd', 'points',
  'pathLength', 'viewBox', 'preserveAspectRatio', 'transform', 'dx', 'dy', 'rotate', 'z',
  // presentation
  'fill', 'fill-opacity', 'fill-rule', 'stroke', 'stroke-width', 'stroke-linecap', 'stroke-linejoin',
  'stroke-miterlimit', 'stroke-dasharray', 'stroke-dashoffset', 'stroke-opacity', 'opacity', 'clip-path',
  'clip-rule', 'mask', 'filter', 'color', 'display', 'visibility', 'overflow', 'font-family', 'font-size',
  'font-size-adjust', 'font-stretch', 'font-weight', 'font-style', 'font-variant', 'text-anchor',
  'dominant-baseline', 'alignment-baseline', 'baseline-shift', 'letter-spacing', 'word-spacing',
  'text-decoration', 'writing-mode', 'direction', 'unicode-bidi', 'stop-color', 'stop-opacity', 'flood-color',
  'flood-opacity', 'lighting-color', 'color-interpolation', 'color-interpolation-filters', 'color-rendering',
  'shape-rendering', 'image-rendering', 'text-rendering', 'vector-effect', 'paint-order', 'marker-start',
  'marker-mid', 'marker-end', 'mix-blend-mode', 'isolation',
  // gradients, patterns, clips, masks, markers
  'offset', 'gradientUnits', 'gradientTransform', 'spreadMethod', 'patternUnits', 'patternContentUnits',
  'patternTransform', 'clipPathUnits', 'maskUnits', 'maskContentUnits', 'markerUnits', 'markerWidth',
  'markerHeight', 'refX', 'refY', 'orient',
  // text
  'lengthAdjust', 'textLength', 'startOffset', 'method', 'spacing', 'side',
  // filters
  'filterUnits', 'primitiveUnits', 'in', 'in2', 'result', 'stdDeviation', 'type', 'values', 'tableValues',
  'slope', 'intercept', 'amplitude', 'exponent', 'k1', 'k2', 'k3', 'k4', 'operator', 'mode', 'scale',
  'xChannelSelector', 'yChannelSelector', 'radius', 'baseFrequency', 'numOctaves', 'seed', 'stitchTiles',
  'kernelMatrix', 'order', 'divisor', 'bias', 'targetX', 'targetY', 'edgeMode', 'preserveAlpha',
  'surfaceScale', 'diffuseConstant', 'specularConstant', 'specularExponent', 'kernelUnitLength', 'azimuth',
  'elevation', 'pointsAtX', 'pointsAtY', 'pointsAtZ', 'limitingConeAngle',
];

const FRAGMENT = /^#[A-Za-z_][\w.:-]*$/;
/** Raster pictures embedded in the file itself (never SVG: it could nest anything). */
const EMBEDDED_RASTER = /^data:image\/(?:png|jpe?g|gif|webp);base64,[A-Za-z0-9+/=\s]*$/i;
/** CSS that could fetch or run something, or hide a word behind an escape. */
const RISKY_CSS = /\\|@import|expression\s*\(|javascript:|vbscript:|behavior\s*:|-moz-binding|<|>/i;

/** Every url(...) of a value points inside the file (url(#id)). */
function urlsAreLocal(value: string): boolean {
  const calls = value.match(/url\s*\(([^)]*)\)?/gi) ?? [];
  return calls.every((call) => {
    const inner = /url\s*\(\s*(['"]?)(.*?)\1\s*\)$/i.exec(call);
    return inner !== null && FRAGMENT.test(inner[2]!);
  });
}

function safeAttributes(tag: string, attribs: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(attribs)) {
    if (name === 'href' || name === 'xlink:href') {
      const ok = FRAGMENT.test(value.trim()) || ((tag === 'image' || tag === 'feImage') && EMBEDDED_RASTER.test(value.trim()));
      if (ok) out[name] = value.trim();
      continue;
    }
    if (/url\s*\(/i.test(value) && !urlsAreLocal(value)) continue;
    if (RISKY_CSS.test(value)) continue;
    out[name] = value;
  }
  if (tag === 'svg') {
    // Namespaces are fixed values: a standalone SVG needs the SVG one to render at all.
    out.xmlns = SVG_NS;
    if ('xmlns:xlink' in out || Object.keys(out).some((k) => k.startsWith('xlink:'))) out['xmlns:xlink'] = XLINK_NS;
  } else {
    delete out.xmlns;
    delete out['xmlns:xlink'];
  }
  return out;
}

const ELEMENT_SET = new Set(ELEMENTS);
const DROPPED_SET = new Set(DROPPED_WITH_CONTENT);
const ATTRIBUTE_SET = new Set(ATTRIBUTES);
/** Deeper elements are left out (their text stays). */
const NESTING_LIMIT = 200;

type Node = Document['children'][number];
type Element = Extract<Node, { attribs: Record<string, string> }>;

const escapeXmlText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeXmlAttribute = (s: string) => escapeXmlText(s).replace(/"/g, '&quot;');

function attributesOf(el: Element): string {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(el.attribs)) {
    if (ATTRIBUTE_SET.has(name) || name.startsWith('aria-')) kept[name] = value;
  }
  let out = '';
  for (const [name, value] of Object.entries(safeAttributes(el.name, kept))) out += ` ${name}="${escapeXmlAttribute(value)}"`;
  return out;
}

/**
 * The drawing written out again from the parsed tree (XML rules: names keep their case, `<x/>` closes itself,
 * only the XML entities are decoded, so no entity of a doctype is ever expanded): allowlisted elements, each with
 * an end tag, their allowlisted attributes, escaped text. Everything else is left out: comments, processing
 * instructions, doctypes, and the elements of DROPPED_WITH_CONTENT with all they hold; other elements are
 * dropped and their text kept.
 */
function writeAllowed(text: string): string {
  const doc = parseDocument(text, { xmlMode: true, decodeEntities: true, recognizeSelfClosing: true, recognizeCDATA: true });
  return writeTree<Node>(doc.children, (node, depth) => {
    if (node.type === ElementType.Text) return { text: escapeXmlText(node.data) };
    if (node.type === ElementType.CDATA) return { unwrap: node.children };
    if (!('attribs' in node) || DROPPED_SET.has(node.name)) return { drop: true }; // comments, processing instructions, doctypes
    if (!ELEMENT_SET.has(node.name) || depth >= NESTING_LIMIT) return { unwrap: node.children };
    return { open: `<${node.name}${attributesOf(node)}>`, children: node.children, close: `</${node.name}>` };
  });
}

/**
 * The sanitised SVG document, or null when the text holds no SVG drawing at all. Anything outside the
 * root <svg> element (XML declaration, doctype and its entities, processing instructions, comments)
 * is left out.
 */
export function sanitizeSvg(text: string): string | null {
  const clean = writeAllowed(text.replace(/^\uFEFF/, ''));
  const start = clean.indexOf('<svg');
  const end = clean.lastIndexOf('</svg>');
  if (start < 0 || end < start) return null;
  return `<?xml version="1.0" encoding="UTF-8"?>\n${clean.slice(start, end + '</svg>'.length)}`;
}
