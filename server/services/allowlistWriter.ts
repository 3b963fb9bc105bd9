// The walk both sanitisers share (rich-text bodies in sanitize.ts, SVG uploads in attachments/svg.ts): a parsed
// tree written out again node by node, each node deciding what of it is written. An explicit stack rather than
// recursion: input nested thousands deep costs memory, not the call stack.

/** What a node becomes in the output. */
export type Written<N> =
  /** Text, already escaped. */
  | { text: string }
  /** Nothing: the node and everything inside it are left out. */
  | { drop: true }
  /** Only its children, at the node's own depth (an element outside the allowlist keeps its text). */
  | { unwrap: readonly N[] }
  /** The node's markup around its children, which are one level deeper. */
  | { open: string; children: readonly N[]; close: string };

/** Writes the roots out as `visit` decides for each node, given its depth of written elements. */
export function writeTree<N>(roots: readonly N[], visit: (node: N, depth: number) => Written<N>): string {
  let out = '';
  const stack: Array<{ node: N; depth: number } | string> = [];
  const pushChildren = (nodes: readonly N[], depth: number) => {
    for (let i = nodes.length - 1; i >= 0; i--) stack.push({ node: nodes[i]!, depth });
  };
  pushChildren(roots, 0);
  while (stack.length) {
    const step = stack.pop()!;
    if (typeof step === 'string') {
      out += step;
      continue;
    }
    const w = visit(step.node, step.depth);
    if ('text' in w) out += w.text;
    else if ('unwrap' in w) pushChildren(w.unwrap, step.depth);
    else if ('open' in w) {
      out += w.open;
      if (w.close) stack.push(w.close);
      pushChildren(w.children, step.depth + 1);
    }
  }
  return out;
}
