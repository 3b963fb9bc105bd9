import { GRID_COLUMNS as GRID_COLUMNS_FORM } from '../../models/constants';
import {
  FILE_TYPES,
  RATE_COUNT_DEFAULT,
  fileLimit,
  isRequired,
  optionsOf,
  visibleFields,
  type FormDesign,
  type FormOption,
  type FormRule,
} from '../../models/formRules';
import type { Language } from '../../models/language';
import { translate } from '../i18n/messages';
import { FORM_HONEYPOT } from '../../models/form';

// A published form as plain, accessible HTML: the page /form/<code>/ and the Liquid tag {% form 'code' %}
// render this same markup. Labels name every input, required fields carry a marker (unless the form hides
// it), each item spans attrs.grid.w of 24 columns (all 24 on narrow screens). Fields other fields control
// start hidden as the rule engine decides for the values shown; a small script re-applies it as people type.

export interface FormHtmlState {
  values: Record<string, unknown>;
  errors: Record<string, string>;
  /** A message about the whole form (too many posts, fix the marked fields). */
  error: string;
  sent: boolean;
}

export interface FormHtmlInput {
  code: string;
  name: string;
  description: string;
  design: FormDesign;
  action: string;
  lang: Language;
  state?: FormHtmlState;
}

const ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (v: unknown) => String(v ?? '').replace(/[&<>"']/g, (c) => ESC[c]!);

const idOf = (code: string, field: string) => `bf-${code}-${field}`;

function spanOf(rule: FormRule): number {
  const grid = rule.attrs?.grid as { w?: unknown } | undefined;
  const w = Number(grid?.w);
  return Number.isInteger(w) && w >= 1 && w <= GRID_COLUMNS_FORM ? w : GRID_COLUMNS_FORM;
}

function asStrings(v: unknown): string[] {
  if (v === undefined || v === null) return [];
  return (Array.isArray(v) ? v : [v]).map((x) => (typeof x === 'object' ? JSON.stringify(x) : String(x)));
}

/** Every leaf path of a cascader's options, as [values, labels]. */
function cascaderPaths(options: FormOption[], prefix: { values: (string | number)[]; labels: string[] } = { values: [], labels: [] }) {
  const out: { values: (string | number)[]; labels: string[] }[] = [];
  for (const o of options) {
    const here = { values: [...prefix.values, o.value], labels: [...prefix.labels, o.label] };
    if (o.children?.length) out.push(...cascaderPaths(o.children, here));
    else out.push(here);
  }
  return out;
}

function control(rule: FormRule, input: FormHtmlInput, attrs: string): string {
  const { code, lang } = input;
  const id = idOf(code, rule.field);
  const name = escapeHtml(rule.field);
  const value = input.state?.values[rule.field];
  const text = value === undefined || value === null || typeof value === 'object' ? '' : String(value);
  const placeholder = typeof rule.props?.placeholder === 'string' ? ` placeholder="${escapeHtml(rule.props.placeholder)}"` : '';
  const num = (k: string) => (typeof rule.props?.[k] === 'number' ? ` ${k}="${rule.props[k]}"` : '');
  const options = optionsOf(rule);
  const chosen = new Set(asStrings(value));
  switch (rule.type) {
    case 'input':
      return `<input type="text" id="${id}" name="${name}" value="${escapeHtml(text)}"${placeholder}${attrs}>`;
    case 'textarea':
    case 'richText':
      return `<textarea id="${id}" name="${name}" rows="${rule.type === 'richText' ? 8 : 4}"${placeholder}${attrs}>${escapeHtml(text)}</textarea>`;
    case 'number':
      return `<input type="number" id="${id}" name="${name}" value="${escapeHtml(text)}"${num('min')}${num('max')}${num('step') || ' step="any"'}${placeholder}${attrs}>`;
    case 'slider':
      return `<input type="range" id="${id}" name="${name}" value="${escapeHtml(text || String(rule.props?.min ?? 0))}"${num('min')}${num('max')}${num('step')}${attrs}>`;
    case 'date':
      return `<input type="date" id="${id}" name="${name}" value="${escapeHtml(text)}"${attrs}>`;
    case 'time':
      return `<input type="time" id="${id}" name="${name}" value="${escapeHtml(text)}" step="1"${attrs}>`;
    case 'switch':
      return `<input type="checkbox" role="switch" id="${id}" name="${name}" value="true"${value === true || value === 'true' || value === 'on' ? ' checked' : ''}${attrs}>`;
    case 'select': {
      const multiple = rule.props?.multiple === true;
      const first = multiple ? '' : `<option value="">${escapeHtml(translate(lang, 'form.selectPlaceholder'))}</option>`;
      const items = options.map((o) => `<option value="${escapeHtml(o.value)}"${chosen.has(String(o.value)) ? ' selected' : ''}>${escapeHtml(o.label)}</option>`).join('');
      return `<select id="${id}" name="${name}"${multiple ? ' multiple' : ''}${attrs}>${first}${items}</select>`;
    }
    case 'cascader': {
      const current = Array.isArray(value) ? JSON.stringify(value) : text;
      const items = cascaderPaths(options)
        .map((p) => {
          const v = JSON.stringify(p.values);
          return `<option value="${escapeHtml(v)}"${v === current ? ' selected' : ''}>${escapeHtml(p.labels.join(' / '))}</option>`;
        })
        .join('');
      return `<select id="${id}" name="${name}"${attrs}><option value="">${escapeHtml(translate(lang, 'form.selectPlaceholder'))}</option>${items}</select>`;
    }
    case 'upload':
    case 'image': {
      const limit = fileLimit(rule);
      return `<input type="file" id="${id}" name="${name}"${limit > 1 ? ' multiple' : ''}${rule.type === 'image' ? ' accept="image/*"' : ''} data-limit="${limit}"${attrs}>`;
    }
    default:
      return '';
  }
}

/** radio, checkbox and rate are groups: role group/radiogroup, named by the title. */
function group(rule: FormRule, input: FormHtmlInput, attrs: string): string {
  const id = idOf(input.code, rule.field);
  const name = escapeHtml(rule.field);
  const chosen = new Set(asStrings(input.state?.values[rule.field]));
  const type = rule.type === 'checkbox' ? 'checkbox' : 'radio';
  let options: { label: string; value: string | number }[] = optionsOf(rule);
  if (rule.type === 'rate') {
    const c = Number(rule.props?.count);
    const n = Number.isInteger(c) && c >= 1 ? c : RATE_COUNT_DEFAULT;
    options = Array.from({ length: n }, (_, i) => ({ label: `${'★'.repeat(i + 1)}`, value: i + 1 }));
  }
  return options
    .map(
      (o, i) =>
        `<label class="bf-choice" for="${id}-${i}"><input type="${type}" id="${id}-${i}" name="${name}" value="${escapeHtml(o.value)}"${chosen.has(String(o.value)) ? ' checked' : ''}${attrs}${rule.type === 'rate' ? ` aria-label="${o.value}"` : ''}> <span>${escapeHtml(o.label)}</span></label>`,
    )
    .join('');
}

function item(rule: FormRule, input: FormHtmlInput, visible: Set<string>): string {
  const span = spanOf(rule);
  if (rule.type === 'divider') {
    return `<div class="bf-item bf-divider" style="grid-column:span ${span}" role="separator">${rule.title ? `<span>${escapeHtml(rule.title)}</span>` : ''}</div>`;
  }
  if (rule.type === 'row') {
    return `<div class="bf-item bf-row bf-grid" style="grid-column:span ${span}">${(rule.children ?? []).map((c) => item(c, input, visible)).join('')}</div>`;
  }
  const options = input.design.options;
  const id = idOf(input.code, rule.field);
  const error = input.state?.errors[rule.field];
  const required = isRequired(rule);
  const marker = required && !options.hideRequiredAsterisk ? ' <em class="bf-required" aria-hidden="true">*</em>' : '';
  const describedBy = [rule.info ? `${id}-info` : '', error ? `${id}-msg` : ''].filter(Boolean).join(' ');
  const attrs = `${required ? ' aria-required="true"' : ''}${error ? ' aria-invalid="true"' : ''}${describedBy ? ` aria-describedby="${describedBy}"` : ''}`;
  const title = escapeHtml(rule.title || rule.field);
  const isGroup = rule.type === 'radio' || rule.type === 'checkbox' || rule.type === 'rate';
  const body = isGroup
    ? `<span class="bf-label" id="${id}-label">${title}${marker}</span><div class="bf-group" role="${rule.type === 'checkbox' ? 'group' : 'radiogroup'}" aria-labelledby="${id}-label">${group(rule, input, attrs)}</div>`
    : `<label class="bf-label" for="${id}">${title}${marker}</label>${control(rule, input, attrs)}`;
  const info = rule.info ? `<small class="bf-info" id="${id}-info">${escapeHtml(rule.info)}</small>` : '';
  const message = error && options.showMessage ? `<small class="field-error" id="${id}-msg">${escapeHtml(error)}</small>` : '';
  const hidden = visible.has(rule.field) ? '' : ' hidden';
  const ctl = rule.control?.length ? ` data-control="${escapeHtml(JSON.stringify(rule.control))}"` : '';
  return `<div class="bf-item field${error ? ' has-error' : ''}" style="grid-column:span ${span}" data-field="${escapeHtml(rule.field)}"${ctl}${hidden}>${body}${info}${message}</div>`;
}

const STYLE = `<style>.bf-form{--bf-label:var(--bf-label-width,125px)}.bf-grid{display:grid;grid-template-columns:repeat(24,minmax(0,1fr));gap:14px 0}.bf-grid>.bf-item{padding-right:16px}.bf-item{min-width:0}.bf-item[hidden]{display:none}.bf-form .bf-label{font-weight:500}.bf-form input[type=text],.bf-form input[type=number],.bf-form input[type=date],.bf-form input[type=time],.bf-form textarea,.bf-form select{font:inherit;box-sizing:border-box;max-width:100%;border:1px solid #cfd6dd;border-radius:8px;padding:9px 11px;width:100%;background:#fff}.bf-form input[type=radio],.bf-form input[type=checkbox]{width:auto;margin:0;padding:0}.bf-form input[type=range],.bf-form input[type=file]{box-sizing:border-box;max-width:100%}.bf-group{display:flex;flex-wrap:wrap;gap:8px 18px;padding-top:9px}.bf-choice{display:inline-flex;align-items:center;gap:6px;font-weight:400;white-space:nowrap}.bf-required{color:#c0392b;font-style:normal}.bf-info{color:#667085;font-weight:400}.bf-divider{border-top:1px solid #e3e8ee;padding-top:8px;color:#667085}.bf-label-left .field,.bf-label-right .field{display:grid;grid-template-columns:var(--bf-label) minmax(0,1fr);align-items:start;column-gap:12px}.bf-label-right .bf-label{text-align:right;padding-top:9px}.bf-label-left .bf-label{padding-top:9px}.bf-label-left .field>:not(.bf-label),.bf-label-right .field>:not(.bf-label){grid-column:2}.bf-label-top .bf-group{padding-top:2px}.bf-actions{display:flex;gap:10px;margin-top:18px}.bf-label-left .bf-actions,.bf-label-right .bf-actions{padding-left:calc(var(--bf-label) + 12px)}.bf-done{padding:18px;border-radius:8px;background:#eef7f2}@media (max-width:640px){.bf-grid{display:flex;flex-direction:column;gap:14px}.bf-label-left .field,.bf-label-right .field{display:flex;flex-direction:column;gap:6px}.bf-label-right .bf-label,.bf-label-left .bf-label{text-align:left;padding-top:0}.bf-label-left .bf-actions,.bf-label-right .bf-actions{padding-left:0}.bf-group{padding-top:0}}</style>`;

/** Shows and hides controlled fields as values change (the server applies the same rule on submit). */
const SCRIPT = `<script>(function(f){if(!f)return;var items=f.querySelectorAll('[data-field]');function val(n){var els=f.querySelectorAll('[name="'+n+'"]'),out=[];for(var i=0;i<els.length;i++){var e=els[i];if((e.type==='checkbox'||e.type==='radio')){if(e.checked)out.push(e.value)}else if(e.multiple){for(var j=0;j<e.options.length;j++)if(e.options[j].selected)out.push(e.options[j].value)}else out.push(e.value)}if(els.length===1&&els[0].type==='checkbox'&&els[0].getAttribute('role')==='switch')return els[0].checked;return els.length===1&&els[0].type!=='checkbox'&&!els[0].multiple?out[0]:out}function same(a,b){if(Array.isArray(a)||Array.isArray(b)){if(!Array.isArray(a)||!Array.isArray(b)||a.length!==b.length)return false;for(var i=0;i<a.length;i++)if(!same(a[i],b[i]))return false;return true}return a!==undefined&&a!==null&&a!==''&&String(a)===String(b)}function apply(){var shown={},ctl={};items.forEach(function(it){var c=it.getAttribute('data-control');if(!c)return;JSON.parse(c).forEach(function(r){r.rule.forEach(function(n){(ctl[n]=ctl[n]||[]).push({f:it.getAttribute('data-field'),v:r.value})})})});function vis(n,seen){if(!ctl[n])return true;if(seen[n])return false;seen[n]=1;return ctl[n].some(function(c){return vis(c.f,seen)&&same(val(c.f),c.v)})}items.forEach(function(it){it.hidden=!vis(it.getAttribute('data-field'),{})})}f.addEventListener('change',apply);f.addEventListener('input',apply)})(document.currentScript&&document.currentScript.previousElementSibling)</script>`;

/** The form's markup: its fields in the 24-column grid, the honeypot, the buttons; or the thank-you note. */
export function formHtml(input: FormHtmlInput): string {
  const { design, lang, state } = input;
  const o = design.options;
  if (state?.sent) {
    return `<div class="bf-form bf-done" role="status" data-form="${escapeHtml(input.code)}"><p>${escapeHtml(translate(lang, 'form.sent'))}</p></div>`;
  }
  const visible = visibleFields(design.rules, state?.values ?? {}, lang);
  const fileFields = fileRulesOf(design.rules).length > 0;
  const classes = ['bf-form', `bf-size-${o.size}`, `bf-label-${o.inline || o.labelPosition === 'top' ? 'top' : o.labelPosition}`, o.inline ? 'bf-inline' : ''].filter(Boolean).join(' ');
  const alert = state?.error ? `<p class="form-alert" role="alert">${escapeHtml(state.error)}</p>` : '';
  const buttons = [
    o.submitBtn ? `<button type="submit" class="button">${escapeHtml(translate(lang, 'form.submit'))}</button>` : '',
    o.resetBtn ? `<button type="reset" class="button button-ghost">${escapeHtml(translate(lang, 'form.reset'))}</button>` : '',
  ].join('');
  return (
    STYLE +
    `<form class="${classes}" style="--bf-label-width:${escapeHtml(o.labelWidth)}" action="${escapeHtml(input.action)}" method="post"${fileFields ? ' enctype="multipart/form-data"' : ''} novalidate data-form="${escapeHtml(input.code)}">` +
    alert +
    `<div class="bf-grid">${design.rules.map((r) => item(r, input, visible)).join('')}</div>` +
    `<div class="hp" aria-hidden="true"><label>website <input type="text" name="${FORM_HONEYPOT}" value="" tabindex="-1" autocomplete="off"></label></div>` +
    (buttons ? `<div class="bf-actions">${buttons}</div>` : '') +
    `</form>` +
    SCRIPT
  );
}

function fileRulesOf(rules: readonly FormRule[]): FormRule[] {
  const out: FormRule[] = [];
  for (const r of rules) {
    if (FILE_TYPES.includes(r.type)) out.push(r);
    if (r.children) out.push(...fileRulesOf(r.children));
  }
  return out;
}
