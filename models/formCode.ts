// A form's code, apart from models/form.ts (zod and the form schemas): the render workers' bundle imports it
// (server/public/render/formTag.ts) and stays free of zod.

/** A form's code: used in URLs (/form/<code>/) and themes ({% form 'code' %}). */
export const FORM_CODE_PATTERN = /^[a-z0-9_-]{1,50}$/;
