import { badRequest } from '../../http/errors';
import { checkPluginSql, PluginSqlError, splitStatements } from '../sqlGuard';

// The rule for a market package's migrations: plain DDL and simple data statements on the plugin's own
// tables (plugin_<id>_*) and nothing else. The SQL is tokenised (comments, strings, identifiers) and each
// statement must start with an allowed head; every name that follows table/index/on/references/into/from/
// like/rename-to must carry the plugin's prefix; quoted identifiers, dollar quotes, schema-qualified names,
// sub-selects and catalogue/administration words are refused. Stricter than PostgreSQL on purpose: a package
// that needs more is not a declarative plugin.

type Token = { kind: 'word' | 'string' | 'number' | 'punct'; text: string };

const HEADS: string[][] = [
  ['create', 'table'],
  ['create', 'index'],
  ['create', 'unique', 'index'],
  ['alter', 'table'],
  ['drop', 'table'],
  ['drop', 'index'],
  ['insert', 'into'],
  ['update'],
  ['delete', 'from'],
];

/** Words that name a table or index next (after the optional words in SKIP). */
const NAME_BEFORE = new Set(['table', 'index', 'on', 'references', 'into', 'from', 'like', 'join']);
const SKIP = new Set(['if', 'not', 'exists', 'only', 'concurrently']);
/** `on delete …`, `on update …`, `on conflict …` are not names. */
const NOT_A_NAME_AFTER_ON = new Set(['delete', 'update', 'conflict', 'commit']);

const FORBIDDEN = new Set([
  'select', 'copy', 'do', 'execute', 'function', 'procedure', 'trigger', 'rule', 'grant', 'revoke', 'extension', 'schema',
  'role', 'database', 'language', 'server', 'owner', 'tablespace', 'policy', 'view', 'call', 'listen', 'notify', 'vacuum',
  'lock', 'inherits', 'returning', 'authorization', 'security', 'reset', 'lateral', 'using',
  'regclass', 'regproc', 'regprocedure', 'regoper', 'regoperator', 'regtype', 'regnamespace', 'regrole', 'regconfig',
  'current_setting', 'set_config', 'dblink', 'information_schema', 'unlogged', 'temporary', 'temp',
]);
const FORBIDDEN_PREFIXES = ['pg_', 'lo_', 'dblink'];

/** Words that may be followed by "(": types, constraint words, operators and a few plain functions. */
const CALLABLE = new Set([
  'varchar', 'char', 'character', 'varying', 'numeric', 'decimal', 'timestamp', 'timestamptz', 'time', 'timetz', 'interval', 'bit',
  'float', 'key', 'unique', 'check', 'values', 'in', 'not', 'and', 'or', 'as', 'default', 'coalesce', 'lower', 'upper',
  'length', 'now', 'identity', 'include', 'nullif', 'greatest', 'least', 'abs', 'round', 'trim',
]);

export class SqlRuleError extends Error {}

function tokenize(sql: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  const fail = (what: string) => {
    throw new SqlRuleError(what);
  };
  while (i < sql.length) {
    const c = sql[i]!;
    if (/\s/.test(c)) i++;
    else if (sql.startsWith('--', i)) {
      const end = sql.indexOf('\n', i);
      i = end < 0 ? sql.length : end + 1;
    } else if (sql.startsWith('/*', i)) {
      const end = sql.indexOf('*/', i + 2);
      if (end < 0) fail('/*');
      i = end + 2;
    } else if (c === "'") {
      let j = i + 1;
      let text = '';
      for (;;) {
        if (j >= sql.length) fail("'");
        if (sql[j] === "'" && sql[j + 1] === "'") (text += "'"), (j += 2);
        else if (sql[j] === "'") break;
        else if (sql[j] === '\\') fail('\\');
        else text += sql[j++];
      }
      out.push({ kind: 'string', text });
      i = j + 1;
    } else if (/[A-Za-z_]/.test(c)) {
      const m = /^[A-Za-z_][A-Za-z0-9_]*/.exec(sql.slice(i))![0];
      if (sql[i + m.length] === "'" || sql[i + m.length] === '$' || sql[i + m.length] === '&') fail(m + sql[i + m.length]);
      out.push({ kind: 'word', text: m.toLowerCase() });
      i += m.length;
    } else if (/[0-9]/.test(c)) {
      const m = /^[0-9]+(\.[0-9]+)?/.exec(sql.slice(i))![0];
      out.push({ kind: 'number', text: m });
      i += m.length;
    } else if ('(),;=<>+-*/%:!'.includes(c)) {
      out.push({ kind: 'punct', text: c });
      i++;
    } else fail(c); // quotes ("), dollar quotes, dots (schema.table), brackets, backslashes …
  }
  return out;
}

function statements(tokens: Token[]): Token[][] {
  const out: Token[][] = [[]];
  for (const t of tokens) {
    if (t.kind === 'punct' && t.text === ';') out.push([]);
    else out[out.length - 1]!.push(t);
  }
  return out.filter((s) => s.length > 0);
}

/**
 * Checks one migration of plugin `id`; returns the tables it creates. Throws SqlRuleError naming what is
 * not allowed.
 */
export function checkMigrationStatements(id: string, sql: string): string[] {
  const prefix = `plugin_${id}_`;
  const own = (name: string) => name.startsWith(prefix) && name.length > prefix.length && name.length <= 63;
  const created: string[] = [];
  for (const st of statements(tokenize(sql))) {
    const words = st.map((t) => (t.kind === 'word' ? t.text : ''));
    const head = HEADS.find((h) => h.every((w, k) => words[k] === w));
    if (!head) throw new SqlRuleError(st.slice(0, 3).map((t) => t.text).join(' '));
    st.forEach((t, k) => {
      if (t.kind !== 'word') return;
      if (FORBIDDEN.has(t.text) || FORBIDDEN_PREFIXES.some((p) => t.text.startsWith(p))) throw new SqlRuleError(t.text);
      const next = st[k + 1];
      if (next?.kind === 'punct' && next.text === '(' && !CALLABLE.has(t.text) && !own(t.text)) throw new SqlRuleError(`${t.text}(`);
    });
    const names: string[] = [];
    const nameAt = (k: number) => {
      while (st[k]?.kind === 'word' && SKIP.has(st[k]!.text)) k++;
      const t = st[k];
      if (t?.kind === 'word') names.push(t.text);
      else if (t) throw new SqlRuleError(t.text);
    };
    st.forEach((t, k) => {
      if (t.kind !== 'word') return;
      if (t.text === 'on' && st[k + 1]?.kind === 'word' && NOT_A_NAME_AFTER_ON.has(st[k + 1]!.text)) return;
      if (t.text === 'like' && st[k + 1]?.kind !== 'word') return;
      if (NAME_BEFORE.has(t.text)) nameAt(k + 1);
      if (t.text === 'to' && words[k - 1] === 'rename') nameAt(k + 1);
    });
    if (head[0] === 'update') nameAt(1);
    // `drop table a, b`: every listed name.
    if (head[0] === 'drop') st.forEach((t, k) => t.text === ',' && nameAt(k + 1));
    for (const name of names) if (!own(name)) throw new SqlRuleError(name);
    if (head[0] === 'create' && head[1] === 'table') created.push(names[0]!);
  }
  return created;
}

/**
 * The same check as a localized 400 naming the migration file and the refused part; each statement must also
 * pass the runtime guard of the db.own capability (pluginHost/sqlGuard.ts), which the lifecycle applies again
 * when it runs them.
 */
export function checkMigration(id: string, file: string, sql: string): string[] {
  try {
    const created = checkMigrationStatements(id, sql);
    for (const statement of splitStatements(sql)) checkPluginSql(statement, id);
    return created;
  } catch (err) {
    if (err instanceof SqlRuleError || err instanceof PluginSqlError) throw badRequest('plugin.pkgSql', { file, detail: err.message.slice(0, 80) });
    throw err;
  }
}
