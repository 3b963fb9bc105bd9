import { useEffect, useRef } from 'react';
import { loginLogResource } from '../../../models/resources';
import { ResourceView, useResourceScreen } from '../resource/ResourceView';
import { hasKey, t, useT } from '../../i18n';

export default function LoginLogPage() {
  const { lang } = useT();
  const { list, form } = useResourceScreen(loginLogResource);
  // Locations are worded by the server in the reader's language: a language switch asks again.
  const shownIn = useRef(lang);
  useEffect(() => {
    if (shownIn.current === lang) return;
    shownIn.current = lang;
    list.reload();
  }, [lang, list]);
  return (
    <ResourceView
      def={loginLogResource}
      list={list}
      form={form}
      renderCell={(column, row) => {
        if (column.name !== 'reason' || !row.reason) return undefined;
        const key = `resources.adminLoginLog.reasons.${String(row.reason)}`;
        return hasKey(key) ? t(key) : String(row.reason);
      }}
    />
  );
}
