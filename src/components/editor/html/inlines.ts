import { emptyText, isText, type FormattedText, type InlineNode } from './document';

// Tidies a block's inline content the way a browser lays it out: spaces collapse across formatting
// boundaries and vanish at the block's edges and after a line break; then the shape slate expects
// (text at both ends and between inline elements, equal formatting merged).

const marksKey = ({ text: _text, ...marks }: FormattedText) => JSON.stringify(Object.entries(marks).sort(([a], [b]) => a.localeCompare(b)));

/** Leaves in reading order; images break a run of text. */
function leaves(nodes: InlineNode[]): Array<FormattedText | null> {
  return nodes.flatMap((n) => (isText(n) ? [n] : n.type === 'image' ? [null] : n.children));
}

function collapseSpaces(nodes: InlineNode[]) {
  const all = leaves(nodes);
  let afterSpace = true;
  for (const leaf of all) {
    if (leaf === null) {
      afterSpace = false;
      continue;
    }
    if (afterSpace) leaf.text = leaf.text.replace(/^ +/, '');
    if (leaf.text !== '') afterSpace = /[ \n]$/.test(leaf.text);
  }
  for (let i = all.length - 1; i >= 0; i--) {
    const leaf = all[i];
    if (leaf === null) break;
    leaf.text = leaf.text.replace(/ +$/, '');
    if (leaf.text !== '') break;
  }
}

/** Adjacent texts with the same marks become one; empty texts go. */
export function mergeTexts(texts: FormattedText[]): FormattedText[] {
  const out: FormattedText[] = [];
  for (const t of texts) {
    if (t.text === '') continue;
    const last = out[out.length - 1];
    if (last && marksKey(last) === marksKey(t)) out[out.length - 1] = { ...last, text: last.text + t.text };
    else out.push({ ...t });
  }
  return out;
}

/** Block content as slate wants it; collapses spaces unless `verbatim`. */
export function normalizeInlines(nodes: InlineNode[], verbatim = false): InlineNode[] {
  const copy = nodes.map((n) => (isText(n) ? { ...n } : n.type === 'link' ? { ...n, children: n.children.map((c) => ({ ...c })) } : n));
  if (!verbatim) collapseSpaces(copy);
  const out: InlineNode[] = [];
  let run: FormattedText[] = [];
  const flushRun = () => {
    out.push(...mergeTexts(run));
    run = [];
  };
  for (const node of copy) {
    if (isText(node)) {
      run.push(node);
      continue;
    }
    if (node.type === 'link') {
      const children = mergeTexts(node.children);
      if (!children.length) continue;
      node.children = children;
    }
    flushRun();
    if (!out.length || !isText(out[out.length - 1])) out.push(emptyText());
    out.push(node);
  }
  flushRun();
  if (!out.length || !isText(out[out.length - 1])) out.push(emptyText());
  return out;
}
