import { loginLogResource } from '../../../models/resources';
import { ResourcePage } from '../resource/ResourcePage';
import { hasKey, t } from '../../i18n';

export default function LoginLogPage() {
  return (
    <ResourcePage
      def={loginLogResource}
      renderCell={(column, row) => {
        if (column.name !== 'reason' || !row.reason) return undefined;
        const key = `resources.adminLoginLog.reasons.${String(row.reason)}`;
        return hasKey(key) ? t(key) : String(row.reason);
      }}
    />
  );
}
