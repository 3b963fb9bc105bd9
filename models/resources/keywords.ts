import { defineResource, type FieldDef, type Option } from '../resource';
import { Keyword, KeywordCreate, KeywordListQuery, KeywordUpdate, KEYWORD_ACTIVE, KEYWORD_PAUSED, RANK_ENGINES } from '../keyword';

// Site keywords (/Keyword/index): the list, form and filters; the rank provider's settings form.

export const keywordStatusOptions: readonly Option[] = [
  { value: KEYWORD_ACTIVE, label: 'resources.keyword.options.status.1' },
  { value: KEYWORD_PAUSED, label: 'resources.keyword.options.status.2' },
];

export const keywordResource = defineResource({
  name: 'keyword',
  menu: 'keyword',
  siteScoped: true,
  softDelete: false,
  schema: Keyword,
  create: KeywordCreate,
  update: KeywordUpdate,
  listQuery: KeywordListQuery,
  actions: ['create', 'update', 'delete'],
  titleField: 'name',
  list: {
    columns: [
      { name: 'name', sortable: true },
      { name: 'link', wide: true },
      { name: 'weight', width: 70, wide: true, sortable: true },
      { name: 'link_count', width: 90, wide: true },
      { name: 'position', width: 110 },
      { name: 'checked_at', kind: 'datetime', wide: true },
      { name: 'inner_link', width: 90, wide: true },
      { name: 'status', width: 90 },
    ],
    filters: [
      { name: 'name', kind: 'text' },
      { name: 'status', kind: 'select', options: { kind: 'static', options: keywordStatusOptions } },
    ],
  },
  form: {
    fields: [
      { name: 'name', kind: 'text', required: true },
      { name: 'weight', kind: 'number', hint: 'resources.keyword.weightHint' },
      { name: 'link', kind: 'text', required: true, span: 24, hint: 'resources.keyword.linkHint' },
      { name: 'status', kind: 'select', required: true, options: { kind: 'static', options: keywordStatusOptions } },
      { name: 'inner_link', kind: 'switch', hint: 'resources.keyword.innerLinkHint' },
    ],
  },
});

const engineOptions: readonly Option[] = RANK_ENGINES.map((e) => ({ value: e, label: `resources.rankSetting.options.engine.${e}` }));

/** The rank provider's settings dialog (labels under resources.rankSetting.fields). */
export const RANK_SETTING_FIELDS: readonly FieldDef[] = [
  { name: 'enabled', kind: 'switch', hint: 'resources.rankSetting.enabledHint' },
  { name: 'engine', kind: 'select', required: true, options: { kind: 'static', options: engineOptions } },
  { name: 'url_template', kind: 'text', span: 24 },
  { name: 'api_key', kind: 'password', hint: 'resources.rankSetting.apiKeyHint' },
  { name: 'interval_hours', kind: 'number' },
  { name: 'results_path', kind: 'text', hint: 'resources.rankSetting.resultsHint' },
  { name: 'result_url_path', kind: 'text' },
  { name: 'result_position_path', kind: 'text' },
  { name: 'position_path', kind: 'text', hint: 'resources.rankSetting.positionHint' },
  { name: 'url_path', kind: 'text' },
  { name: 'indexed_path', kind: 'text' },
];
