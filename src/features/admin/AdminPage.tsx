import { adminResource } from '../../../models/resources';
import { ResourcePage } from '../resource/ResourcePage';
import type { Values } from '../../../machines/resourceForm.machine';

const defaults: Values = { status: 1, code_auth: 2, site_ids: [], phone: '' };

/** Editing keeps the password when the field is left empty. */
const prepare = (values: Values): Values => {
  const { role_name: _r, last_login_at: _l, created_at: _c, is_super: _s, ...rest } = values;
  return rest.password ? rest : { ...rest, password: rest.id ? '' : rest.password };
};

export default function AdminPage() {
  return <ResourcePage def={adminResource} defaults={defaults} prepare={prepare} dialogWidth={680} />;
}
