// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { deserialize } from '../../../src/components/editor/html/deserialize';
import { isDocumentEmpty, type TopBlock } from '../../../src/components/editor/html/document';
import { serialize } from '../../../src/components/editor/html/serialize';

const clean = (html: string) => serialize(deserialize(html));
const p = (...children: TopBlock['children']): TopBlock => ({ type: 'paragraph', children: children as never });

describe('editor HTML: marks', () => {
  it('bold, italic, underline, strike, colour and size are written as allowlisted tags and styles', () => {
    const doc = [p({ text: 'big', bold: true, italic: true, underline: true, strikethrough: true, color: '#e03e2d', fontSize: 18 })];
    expect(serialize(doc)).toBe('<p><span style="color: #e03e2d; font-size: 18px"><strong><em><u><s>big</s></u></em></strong></span></p>');
  });

  it('pasted b / i / font-weight styles become the editor marks; sizes outside 14-36 px and named colours are dropped', () => {
    expect(clean('<p><b>a</b><i>b</i><span style="font-weight:700;font-style:italic">c</span></p>')).toBe('<p><strong>a</strong><em>b</em><strong><em>c</em></strong></p>');
    expect(clean('<p><span style="font-size:15px;color:red">x</span><span style="font-size:36px;color:rgb(0, 0, 255)">y</span></p>')).toBe(
      '<p>x<span style="color: rgb(0, 0, 255); font-size: 36px">y</span></p>',
    );
  });

  it('spaces a browser would collapse survive a save and a reload', () => {
    const doc = [p({ text: '  two  spaces ' })];
    const html = serialize(doc);
    expect(html).toBe('<p>&nbsp; two &nbsp;spaces&nbsp;</p>');
    expect(deserialize(html)).toEqual([p({ text: '\u00a0 two \u00a0spaces\u00a0' })]);
    expect(serialize([p({ text: 'a\nb' })])).toBe('<p>a<br>b</p>');
  });
});

describe('editor HTML: alignment and blocks', () => {
  it('alignment is a text-align style on paragraphs, headings, quotes, items and cells', () => {
    const doc: TopBlock[] = [
      { type: 'heading', level: 2, align: 'center', children: [{ text: 'T' }] },
      { type: 'quote', align: 'right', children: [{ text: 'Q' }] },
      { type: 'paragraph', align: 'justify', children: [{ text: 'P' }] },
    ];
    expect(serialize(doc)).toBe('<h2 style="text-align: center">T</h2>\n<blockquote style="text-align: right">Q</blockquote>\n<p style="text-align: justify">P</p>');
    expect(clean('<div align="center"><p>a</p></div><p style="text-align:middle">b</p>')).toBe('<p style="text-align: center">a</p>\n<p>b</p>');
  });

  it('code blocks keep their text verbatim, escaped, without marks', () => {
    const doc: TopBlock[] = [{ type: 'code-block', children: [{ text: 'if (a < b) {\n  x();\n}', bold: true }] }];
    expect(serialize(doc)).toBe('<pre><code>if (a &lt; b) {\n  x();\n}</code></pre>');
    expect(deserialize(serialize(doc))).toEqual([{ type: 'code-block', children: [{ text: 'if (a < b) {\n  x();\n}' }] }]);
  });

  it('an empty editor saves as an empty string, and a rule as <hr>', () => {
    expect(serialize([p({ text: '' })])).toBe('');
    expect(serialize(deserialize(''))).toBe('');
    expect(clean('<p>a</p><hr><p></p>')).toBe('<p>a</p>\n<hr>');
    expect(isDocumentEmpty(deserialize('<p> &nbsp; </p><p></p>'))).toBe(true);
    expect(isDocumentEmpty(deserialize('<p><img src="/a.png"></p>'))).toBe(false);
  });
});

describe('editor HTML: lists', () => {
  it('bulleted and numbered lists round-trip, nested lists are flattened into their parent', () => {
    const doc: TopBlock[] = [
      { type: 'bulleted-list', children: [{ type: 'list-item', children: [{ text: 'one' }] }, { type: 'list-item', align: 'center', children: [{ text: 'two' }] }] },
      { type: 'numbered-list', children: [{ type: 'list-item', children: [{ text: '1' }] }] },
    ];
    const html = serialize(doc);
    expect(html).toBe('<ul><li>one</li><li style="text-align: center">two</li></ul>\n<ol><li>1</li></ol>');
    expect(deserialize(html)).toEqual(doc);
    expect(clean('<ul><li>a<ul><li>b</li></ul></li><li><p>c</p></li></ul>')).toBe('<ul><li>a</li><li>b</li><li>c</li></ul>');
  });
});

describe('editor HTML: tables', () => {
  it('a table is written as tbody rows of td/th cells with spans; thead rows are read too', () => {
    const html = '<table><thead><tr><th colspan="2">H</th></tr></thead><tbody><tr><td>a</td><td rowspan="2" style="text-align: right">b</td></tr></tbody></table>';
    expect(clean(html)).toBe('<table><tbody><tr><th colspan="2">H</th></tr><tr><td>a</td><td rowspan="2" style="text-align: right">b</td></tr></tbody></table>');
  });

  it('ragged rows are padded, paragraphs in cells become line breaks, and an empty table goes', () => {
    expect(clean('<table><tr><td><p>a</p><p>b</p></td></tr><tr><td>c</td><td>d</td></tr></table>')).toBe(
      '<table><tbody><tr><td>a<br>b</td><td></td></tr><tr><td>c</td><td>d</td></tr></tbody></table>',
    );
    expect(clean('<table><tr></tr></table><p>x</p>')).toBe('<p>x</p>');
  });
});

describe('editor HTML: links and images', () => {
  it('links keep href, title and a new-window target with a safe rel', () => {
    const doc = [p({ text: 'see ' }, { type: 'link', url: 'https://banyan.test/a?b=1&c=2', title: 'A "t"', newTab: true, children: [{ text: 'here' }] }, { text: '' })];
    expect(serialize(doc)).toBe('<p>see <a href="https://banyan.test/a?b=1&amp;c=2" title="A &quot;t&quot;" target="_blank" rel="noopener noreferrer">here</a></p>');
    expect(deserialize(serialize(doc))).toEqual(doc);
  });

  it('javascript:, data: and protocol-relative links and images are dropped, their text kept', () => {
    expect(clean('<p><a href="javascript:alert(1)">x</a><a href="//evil.test">y</a><img src="data:image/png;base64,AAAA"><img src="/ok.png" onerror="x()"></p>')).toBe('<p>xy<img src="/ok.png"></p>');
  });

  it('images keep alt, title and numeric sizes; an image inside a link follows it', () => {
    expect(clean('<p><img src="https://x.test/a.png" alt="A" title="T" width="120" height="50%"></p>')).toBe('<p><img src="https://x.test/a.png" alt="A" title="T" width="120"></p>');
    expect(clean('<p><a href="/x">go<img src="/i.png"></a></p>')).toBe('<p><a href="/x">go</a><img src="/i.png"></p>');
  });
});

describe('editor HTML: what is dropped', () => {
  it('scripts, styles, event handlers, classes and unknown tags do not survive; their safe text does', () => {
    expect(clean('<div class="x" onclick="y()"><script>alert(1)</script><style>p{}</style><custom-tag>kept</custom-tag> <iframe src="/x"></iframe></div>')).toBe('<p>kept</p>');
  });
});
