// zod compiles object parsers with `new Function` unless told not to, after probing whether eval is allowed.
// The admin's Content-Security-Policy refuses eval (script-src 'self'), so the probe would only produce a CSP
// violation report on every page: parse without compiling from the start. zod keeps its configuration on
// `globalThis.__zod_globalConfig` (created with `??=`, shared by every copy of zod): setting the flag on that
// object here, imported first by main.tsx, costs no bytes of zod in the login page and holds whichever of the
// two modules runs first. tests/e2e/csp.test.ts fails if the probe runs again.
const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
Object.assign((scope.__zod_globalConfig ??= {}), { jitless: true });
