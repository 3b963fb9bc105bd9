// The guard of a plugin's db.own capability: a statement may only name tables prefixed plugin_<id>_. The SQL is
// tokenised (quoted strings, quoted identifiers, comments) so a table name cannot hide inside a literal, and only
// one statement is allowed. Every identifier after FROM/JOIN/INTO/UPDATE/TABLE (and each one of a comma list after
// FROM) must carry the prefix; schema-qualified names and functions in table position are refused.

export class PluginSqlError extends Error {}

type Token = { kind: 'word' | 'quoted' | 'string' | 'param' | 'punct'; text: string };

function tokenize(sqlText: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  const n = sqlText.length;
  while (i < n) {
    const c = sqlText[i]!;
    if (/\s/.test(c)) {
      i++;
    } else if (c === '-' && sqlText[i + 1] === '-') {
      while (i < n && sqlText[i] !== '\n') i++;
    } else if (c === '/' && sqlText[i + 1] === '*') {
      const end = sqlText.indexOf('*/', i + 2);
      if (end < 0) throw new PluginSqlError('unterminated comment');
      i = end + 2;
    } else if (c === "'" || ((c === 'E' || c === 'e') && sqlText[i + 1] === "'")) {
      let j = c === "'" ? i + 1 : i + 2;
      let text = '';
      for (;;) {
        if (j >= n) throw new PluginSqlError('unterminated string');
        if (sqlText[j] === "'" && sqlText[j + 1] === "'") {
          text += "'";
          j += 2;
        } else if (sqlText[j] === "'") break;
        else if (sqlText[j] === '\\' && c !== "'") {
          text += sqlText[j + 1] ?? '';
          j += 2;
        } else text += sqlText[j++];
      }
      out.push({ kind: 'string', text: sqlText.slice(i, j + 1) });
      i = j + 1;
    } else if (c === '"') {
      let j = i + 1;
      let text = '';
      for (;;) {
        if (j >= n) throw new PluginSqlError('unterminated identifier');
        if (sqlText[j] === '"' && sqlText[j + 1] === '"') {
          text += '"';
          j += 2;
        } else if (sqlText[j] === '"') break;
        else text += sqlText[j++];
      }
      out.push({ kind: 'quoted', text });
      i = j + 1;
    } else if (c === '$' && /[0-9]/.test(sqlText[i + 1] ?? '')) {
      let j = i + 1;
      while (j < n && /[0-9]/.test(sqlText[j]!)) j++;
      out.push({ kind: 'param', text: sqlText.slice(i, j) });
      i = j;
    } else if (c === '$') {
      // Dollar quoting ($tag$…$tag$) could hide anything; plugins have no need for it.
      throw new PluginSqlError('dollar quoting is not allowed');
    } else if (/[A-Za-z_]/.test(c)) {
      let j = i + 1;
      while (j < n && /[A-Za-z0-9_$]/.test(sqlText[j]!)) j++;
      out.push({ kind: 'word', text: sqlText.slice(i, j) });
      i = j;
    } else {
      out.push({ kind: 'punct', text: c });
      i++;
    }
  }
  return out;
}

const TABLE_KEYWORDS = new Set(['from', 'join', 'into', 'update', 'table', 'truncate', 'references', 'using']);
/** Words that may sit between a table keyword and the table name. */
const SKIP_AFTER = new Set(['if', 'not', 'exists', 'only', 'lateral', 'table']);
/** What may open a subquery in table position. */
const SUBQUERY_WORDS = new Set(['select', 'with', 'values']);
/** Words that end a FROM list. */
const FROM_END = new Set([
  'where', 'group', 'order', 'limit', 'offset', 'having', 'union', 'intersect', 'except', 'returning', 'set', 'on', 'using',
  'window', 'for', 'join', 'inner', 'left', 'right', 'full', 'cross', 'natural', 'fetch',
]);
/** How a statement may start: data and schema statements on tables only (no COPY, SET, DO, GRANT, functions…). */
const STATEMENTS = new Set(['select', 'insert', 'update', 'delete', 'with', 'create', 'drop', 'alter', 'truncate']);
const CREATE_DROP_TARGETS = new Set(['table', 'index', 'unique']);
/** Functions that reach beyond the plugin's tables (files, settings, other tables' contents via *_to_xml…). */
const FORBIDDEN_FUNCTION = /^(pg_|lo_|dblink|query_to_|table_to_|cursor_to_|database_to_|schema_to_|set_config$|current_setting$|txid_|version$|inet_server|inet_client)/;

export interface CheckedSql {
  /** The tables the statement names (lower-case). */
  tables: string[];
}

const isPunct = (t: Token | undefined, p: string) => t?.kind === 'punct' && t.text === p;
const lower = (t: Token | undefined) => (t?.kind === 'word' ? t.text.toLowerCase() : '');

/** Refuses (throws PluginSqlError) a statement naming a table outside `plugin_<id>_*`, or several statements. */
export function checkPluginSql(sqlText: string, pluginId: string): CheckedSql {
  const prefix = `plugin_${pluginId}_`;
  const tokens = tokenize(sqlText);
  const semicolon = tokens.findIndex((t) => isPunct(t, ';'));
  if (semicolon >= 0 && semicolon !== tokens.length - 1) throw new PluginSqlError('only one statement is allowed');
  const body = semicolon >= 0 ? tokens.slice(0, -1) : tokens;
  if (!body.length) throw new PluginSqlError('empty statement');
  const first = lower(body[0]);
  if (!STATEMENTS.has(first)) throw new PluginSqlError(`statement ${body[0]!.text} is not allowed`);
  if ((first === 'create' || first === 'drop') && !CREATE_DROP_TARGETS.has(lower(body[1]))) throw new PluginSqlError(`${first} ${body[1]?.text ?? ''} is not allowed`);
  if (first === 'alter' && lower(body[1]) !== 'table') throw new PluginSqlError(`alter ${body[1]?.text ?? ''} is not allowed`);

  const tables: string[] = [];
  const own = (name: string) => {
    if (!name.startsWith(prefix) || name.length === prefix.length) throw new PluginSqlError(`table ${name} is not the plugin's`);
  };
  /** Checks the table named at or after i; returns the index of its token (or of the subquery's "("). */
  const nameAt = (i: number): number => {
    let j = i;
    while (SKIP_AFTER.has(lower(body[j]))) j++;
    const t = body[j];
    if (!t) throw new PluginSqlError('table expected');
    // A subquery in table position: its own FROM is checked where it stands.
    if (isPunct(t, '(') && SUBQUERY_WORDS.has(lower(body[j + 1]))) return j;
    if (t.kind !== 'word' && t.kind !== 'quoted') throw new PluginSqlError('table expected');
    const name = t.kind === 'word' ? t.text.toLowerCase() : t.text;
    if (isPunct(body[j + 1], '.')) throw new PluginSqlError(`schema-qualified table ${name}`);
    own(name);
    tables.push(name);
    return j;
  };

  // Index names are the plugin's too: CREATE [UNIQUE] INDEX [IF NOT EXISTS] name ON table, DROP INDEX [IF EXISTS] name.
  if ((first === 'create' || first === 'drop') && lower(body[1]) !== 'table') {
    let j = lower(body[1]) === 'unique' ? 3 : 2;
    if (lower(body[j - 1]) !== 'index') throw new PluginSqlError('index expected');
    if (lower(body[j]) === 'concurrently') j++;
    while (['if', 'not', 'exists'].includes(lower(body[j]))) j++;
    if (body[j]?.kind === 'word' && lower(body[j]) !== 'on') own(lower(body[j]));
    if (first === 'create') {
      const on = body.findIndex((t, k) => k > j - 1 && lower(t) === 'on');
      if (on < 0) throw new PluginSqlError('table expected');
      nameAt(on + 1);
    }
  }

  for (let i = 0; i < body.length; i++) {
    const t = body[i]!;
    if (t.kind !== 'word') continue;
    const w = t.text.toLowerCase();
    // A function call: refuse those that reach beyond the plugin's tables.
    if (isPunct(body[i + 1], '(') && FORBIDDEN_FUNCTION.test(w)) throw new PluginSqlError(`function ${w} is not allowed`);
    if (!TABLE_KEYWORDS.has(w)) continue;
    // JOIN … USING (col) is a column list; EXTRACT(x FROM y), TRIM(… FROM …) are function arguments.
    if (w === 'using' && isPunct(body[i + 1], '(')) continue;
    if (w === 'from' && (insideFunctionCall(body, i) || lower(body[i - 1]) === 'distinct')) continue;
    // ON CONFLICT … DO UPDATE SET, SELECT … FOR UPDATE; CREATE INDEX … USING btree.
    if (w === 'update' && ['do', 'for'].includes(lower(body[i - 1]))) continue;
    if (w === 'using' && first === 'create' && lower(body[1]) !== 'table') continue;
    if (w === 'into' && i > 0 && lower(body[i - 1]) === 'select') throw new PluginSqlError('select into is not allowed');
    const j = nameAt(i + 1);
    if (w === 'from' || w === 'using') {
      // FROM a x, b AS y: each comma-separated item at this level is a table too.
      let depth = isPunct(body[j], '(') ? 1 : 0;
      for (let k = j + 1; k < body.length; k++) {
        const u = body[k]!;
        if (isPunct(u, '(')) depth++;
        else if (isPunct(u, ')')) {
          if (depth === 0) break;
          depth--;
        } else if (depth === 0 && FROM_END.has(lower(u))) break;
        else if (depth === 0 && isPunct(u, ',')) {
          k = nameAt(k + 1);
          if (isPunct(body[k], '(')) depth++;
        }
      }
    }
    i = j;
  }
  return { tables: [...new Set(tables)] };
}

/** Whether token i sits inside the parentheses of a function call such as EXTRACT(… FROM …). */
function insideFunctionCall(tokens: Token[], i: number): boolean {
  let depth = 0;
  for (let k = i - 1; k >= 0; k--) {
    const t = tokens[k]!;
    if (t.kind === 'punct' && t.text === ')') depth++;
    else if (t.kind === 'punct' && t.text === '(') {
      if (depth === 0) {
        const before = tokens[k - 1];
        if (!before || before.kind !== 'word') return false;
        const w = before.text.toLowerCase();
        // A subquery in parentheses after IN/EXISTS/FROM etc. is not a function call.
        return !['in', 'exists', 'from', 'join', 'as', 'any', 'all', 'some', 'not', 'and', 'or', 'where', 'select', 'on'].includes(w);
      }
      depth--;
    }
  }
  return false;
}

/** Splits SQL with $1…$n placeholders into raw text parts and parameter indexes (outside literals). */
export function splitPlaceholders(sqlText: string): Array<string | number> {
  const parts: Array<string | number> = [];
  let i = 0;
  let last = 0;
  const n = sqlText.length;
  while (i < n) {
    const c = sqlText[i]!;
    if (c === "'" || c === '"') {
      const end = sqlText.indexOf(c, i + 1);
      i = end < 0 ? n : end + 1;
    } else if (c === '-' && sqlText[i + 1] === '-') {
      const end = sqlText.indexOf('\n', i);
      i = end < 0 ? n : end;
    } else if (c === '$' && /[0-9]/.test(sqlText[i + 1] ?? '')) {
      let j = i + 1;
      while (j < n && /[0-9]/.test(sqlText[j]!)) j++;
      parts.push(sqlText.slice(last, i), Number(sqlText.slice(i + 1, j)) - 1);
      last = i = j;
    } else i++;
  }
  parts.push(sqlText.slice(last));
  return parts;
}

/** Splits a migration file into statements at semicolons outside literals and comments (empty ones dropped). */
export function splitStatements(sqlText: string): string[] {
  const out: string[] = [];
  let start = 0;
  let i = 0;
  const n = sqlText.length;
  while (i < n) {
    const c = sqlText[i]!;
    if (c === "'" || c === '"') {
      let j = i + 1;
      while (j < n && !(sqlText[j] === c && sqlText[j + 1] !== c)) j += sqlText[j] === c ? 2 : 1;
      i = j + 1;
    } else if (c === '-' && sqlText[i + 1] === '-') {
      const end = sqlText.indexOf('\n', i);
      i = end < 0 ? n : end;
    } else if (c === '/' && sqlText[i + 1] === '*') {
      const end = sqlText.indexOf('*/', i + 2);
      i = end < 0 ? n : end + 2;
    } else if (c === ';') {
      out.push(sqlText.slice(start, i));
      start = i = i + 1;
    } else i++;
  }
  out.push(sqlText.slice(start));
  return out.filter((s) => s.replace(/--[^\n]*/g, '').replace(/\/\*[\s\S]*?\*\//g, '').trim() !== '');
}
