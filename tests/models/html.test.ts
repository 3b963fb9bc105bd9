import { describe, expect, it } from 'vitest';
import { styleAllowed, urlAllowed } from '../../models/html';
import { sanitizeBody } from '../../server/services/sanitize';

describe('the shared HTML allowlist', () => {
  it('allows links and images on the site and on http(s), mail and phone', () => {
    for (const url of ['/news/1.html', '#top', 'https://example.com/a', 'http://example.com', 'mailto:a@b.cn', 'tel:+8613800138000']) {
      expect(urlAllowed(url), url).toBe(true);
    }
  });

  it('refuses URLs that leave for another host or run code', () => {
    for (const url of ['//evil.com', '/\\evil.com', 'javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'data:text/html,x', 'vbscript:x', 'file:///etc/passwd']) {
      expect(urlAllowed(url), url).toBe(false);
    }
  });

  it('allows only the editor’s styles', () => {
    expect(styleAllowed('font-size', '18px')).toBe(true);
    expect(styleAllowed('font-size', '13px')).toBe(false);
    expect(styleAllowed('color', '#ff0000')).toBe(true);
    expect(styleAllowed('color', 'expression(alert(1))')).toBe(false);
    expect(styleAllowed('position', 'fixed')).toBe(false);
  });

  it('stored content never keeps a link to /\\host', () => {
    expect(sanitizeBody('<p><a href="/\\evil.com">x</a></p>')).not.toContain('evil.com');
  });
});
