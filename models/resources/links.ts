import { defineResource, statusOptions, type Option } from '../resource';
import { FriendLink, FriendLinkCreate, FriendLinkListQuery, FriendLinkUpdate, JUMP_BLANK, JUMP_SELF, LINK_TYPES, SITE_TYPES } from '../friendLink';

// Friendly links (/Link/index): a site's partner links, with full-page forms at /addLink and /updateLink
// and one link's check records at /linkInfo. Soft delete into the recycle bin.

const optionsOf = (field: string, values: readonly number[]): readonly Option[] => values.map((v) => ({ value: v, label: `resources.link.options.${field}.${v}` }));
export const linkTypeOptions = optionsOf('link_type', LINK_TYPES);
export const siteTypeOptions = optionsOf('site_type', SITE_TYPES);
export const jumpOptions = optionsOf('jump', [JUMP_SELF, JUMP_BLANK]);
export const flaggedOptions: readonly Option[] = [{ value: 1, label: 'resources.link.options.flagged.1' }];

export const linkResource = defineResource({
  name: 'link',
  menu: 'link',
  siteScoped: true,
  softDelete: true,
  schema: FriendLink,
  create: FriendLinkCreate,
  update: FriendLinkUpdate,
  listQuery: FriendLinkListQuery,
  actions: ['create', 'update', 'delete'],
  titleField: 'name',
  list: {
    columns: [
      { name: 'id', width: 60, wide: true },
      { name: 'name' },
      { name: 'url', wide: true },
      { name: 'link_type', kind: 'enum', options: linkTypeOptions, width: 90 },
      { name: 'weight', width: 70, wide: true },
      { name: 'deadline', width: 110, wide: true },
      { name: 'last_check', width: 130 },
      { name: 'status', kind: 'status', options: statusOptions, width: 80 },
      { name: 'sort', width: 60, wide: true },
    ],
    filters: [
      { name: 'name', kind: 'text' },
      { name: 'link_type', kind: 'select', options: { kind: 'static', options: linkTypeOptions } },
      { name: 'status', kind: 'select', options: { kind: 'static', options: statusOptions } },
      { name: 'flagged', kind: 'select', options: { kind: 'static', options: flaggedOptions } },
    ],
  },
  form: {
    fields: [
      { name: 'name', kind: 'text', required: true },
      { name: 'url', kind: 'text', required: true, hint: 'resources.link.urlHint' },
      { name: 'link_type', kind: 'select', required: true, options: { kind: 'static', options: linkTypeOptions } },
      { name: 'site_type', kind: 'select', required: true, options: { kind: 'static', options: siteTypeOptions } },
      { name: 'jump', kind: 'select', required: true, options: { kind: 'static', options: jumpOptions } },
      { name: 'status', kind: 'select', required: true, options: { kind: 'static', options: statusOptions } },
      { name: 'weight', kind: 'number', hint: 'resources.link.weightHint' },
      { name: 'pr', kind: 'number', hint: 'resources.link.prHint' },
      { name: 'deadline', kind: 'date', hint: 'resources.link.deadlineHint' },
      { name: 'platform', kind: 'text' },
      { name: 'phone', kind: 'text' },
      { name: 'adder', kind: 'text' },
      { name: 'anchor', kind: 'text', hint: 'resources.link.anchorHint' },
      { name: 'sort', kind: 'number' },
      { name: 'logo', kind: 'image', span: 24, hint: 'resources.link.logoHint' },
    ],
  },
});
