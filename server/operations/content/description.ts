import { parseFragment, plainText } from './htmlFragment';

// Description extraction (spec §7 descExtraction): a clean summary of a body, whole sentences where
// they fit, about 120 Chinese characters or 200 Latin ones.

export const DESCRIPTION_MAX_CJK = 120;
export const DESCRIPTION_MAX_LATIN = 200;

const CJK = /[\u3000-\u303f\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/u;
/** Ends a sentence: CJK and Latin full stops, question and exclamation marks, an ellipsis. */
const CLOSERS = new Set(['。', '！', '？', '!', '?', '…', '；']);
const TRAILING = new Set(['"', "'", '”', '’', '」', '』', '）', ')']);

/** Collapsed text of an HTML body: tags dropped, blocks and whitespace runs become one space. */
export function bodyText(html: string): string {
  return plainText(parseFragment(html)).replace(/[\s\u00a0\u200b]+/gu, ' ').trim();
}

/** Code-point offsets just after each sentence end. */
function sentenceEnds(chars: string[]): number[] {
  const ends: number[] = [];
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i]!;
    const latinStop = c === '.' && (i + 1 === chars.length || chars[i + 1] === ' ');
    if (!CLOSERS.has(c) && !latinStop) continue;
    let end = i + 1;
    while (end < chars.length && (CLOSERS.has(chars[end]!) || TRAILING.has(chars[end]!))) end++;
    ends.push(end);
    i = end - 1;
  }
  return ends;
}

/** The summary: the whole text when short, else as many leading sentences as fit, else the first one cut with "…". Pure. */
export function extractDescription(html: string): string {
  const text = bodyText(html);
  const chars = [...text];
  const letters = chars.filter((c) => c !== ' ');
  const cjk = letters.filter((c) => CJK.test(c)).length;
  const max = cjk * 10 >= letters.length * 3 ? DESCRIPTION_MAX_CJK : DESCRIPTION_MAX_LATIN;
  if (chars.length <= max) return text;
  const fitting = sentenceEnds(chars).filter((end) => end <= max);
  if (fitting.length) return chars.slice(0, fitting[fitting.length - 1]).join('').trim();
  // No sentence end in reach: cut, on a space for Latin text.
  let cut = max - 1;
  if (max === DESCRIPTION_MAX_LATIN) {
    const space = chars.lastIndexOf(' ', cut);
    if (space > max / 2) cut = space;
  }
  return chars.slice(0, cut).join('').trim() + '…';
}
