import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { charWidth, qrPath, wrapText } from '../../models/posterDrawing';

// How poster text is broken into lines and QR codes into modules: the editor's canvas and the server's renderer
// both draw from these, so the two images agree.

const widthOf = (line: string, size: number) => Array.from(line).reduce((sum, ch) => sum + charWidth(ch) * size, 0);

describe('poster text lines', () => {
  it('keeps every character in order, breaks at the text own line breaks, and fits each line unless one character is wider', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.constantFrom('春', '季', '新', '品', ' ', 'W', 'i', '\n', '。'), fc.string({ maxLength: 3 })), { maxLength: 40 }).map((parts) => parts.join('')),
        fc.integer({ min: 8, max: 120 }),
        fc.integer({ min: 10, max: 1200 }),
        (text, size, width) => {
          const lines = wrapText(text, size, width);
          expect(lines.join('')).toBe(text.replace(/\r?\n/g, ''));
          expect(lines.length).toBeGreaterThanOrEqual(text.split(/\r?\n/).length);
          for (const line of lines) if (Array.from(line).length > 1) expect(widthOf(line, size)).toBeLessThanOrEqual(width + 1e-9);
        },
      ),
    );
  });

  it('puts Chinese text of 48 px into lines of at most 5 characters in a 250 px box', () => {
    expect(wrapText('春季新品上市，欢迎选购', 48, 250)).toEqual(['春季新品上', '市，欢迎选', '购']);
  });
});

describe('poster QR codes', () => {
  it('draws a square of modules with a quiet zone, larger for longer content', () => {
    const short = qrPath('https://a.cn');
    const long = qrPath('https://example.com/' + 'x'.repeat(200));
    expect(short.size).toBe(21 + 4);
    expect(long.size).toBeGreaterThan(short.size);
    // The finder pattern's corner module is dark; the quiet zone is not.
    expect(short.d).toContain('M2 2h1v1h-1z');
    expect(short.d).not.toContain('M0 0h1v1h-1z');
  });
});
