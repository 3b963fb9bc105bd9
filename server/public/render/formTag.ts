import { Value, type Liquid, type TagToken } from 'liquidjs';
import { FORM_CODE_PATTERN } from '../../../models/formCode';

// {% form 'code' %}: a theme places a published form anywhere. The sandboxed renderer (also in worker
// threads) has no database, so the tag writes a marker; the page renderer replaces each marker with the
// form's markup after rendering (server/public/forms.ts expandFormMarkers), or with nothing.

export const FORM_MARKER = /<!--banyan-form:([a-z0-9_-]{1,50})-->/g;
export const formMarker = (code: string) => (FORM_CODE_PATTERN.test(code) ? `<!--banyan-form:${code}-->` : '');

export function registerFormTag(engine: Liquid) {
  engine.registerTag('form', {
    parse(token: TagToken) {
      this.code = new Value(token.args.trim() || "''", this.liquid);
    },
    *render(ctx, emitter) {
      const code: unknown = yield (this.code as Value).value(ctx, false);
      emitter.write(formMarker(typeof code === 'string' ? code : ''));
    },
  });
}
