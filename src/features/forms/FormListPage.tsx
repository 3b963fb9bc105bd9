import { Badge, IconButton, Link, Switch, Text } from '@chakra-ui/react';
import { BarChart3, PencilRuler, Trash } from 'lucide-react';
import { formResource } from '../../../models/resources/forms';
import type { Form } from '../../../models/form';
import { t } from '../../i18n';
import { usePermissions } from '../../app/permissions';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ResourceView } from '../resource/ResourceView';
import { DESIGN_PATH, DETAIL_PATH, useFormList } from './useFormList';

/** Forms and questionnaires of the current site (/Form/index). */
export default function FormListPage() {
  const f = useFormList();
  const { mayOpen, mayUse } = usePermissions();
  const mayWrite = mayUse(formResource.menu);
  return (
    <>
      <ResourceView
        def={formResource}
        list={f.list}
        form={f.form}
        defaults={{ name: '', type: 'form', code: '', description: '', creates_inquiry: false }}
        renderCell={(column, raw) => {
          const row = raw as unknown as Form;
          switch (column.name) {
            case 'code':
              return (
                <Link href={`/form/${row.code}/`} target="_blank" rel="noopener noreferrer" color="blue.fg" fontFamily="mono" fontSize="xs" title={t('forms.publicUrl')}>
                  {row.code}
                </Link>
              );
            case 'status':
              return mayWrite ? (
                <Switch.Root
                  size="sm"
                  checked={row.status === 'published'}
                  disabled={f.busyId === row.id}
                  onCheckedChange={() => void f.togglePublish(row)}
                  data-testid={`publish-${row.id}`}
                  aria-label={t(row.status === 'published' ? 'forms.unpublish' : 'forms.publish')}
                >
                  <Switch.HiddenInput />
                  <Switch.Control />
                  <Switch.Label fontSize="xs" whiteSpace="nowrap">
                    {t(`resources.form.options.status.${row.status}`)}
                  </Switch.Label>
                </Switch.Root>
              ) : (
                <Badge colorPalette={row.status === 'published' ? 'green' : 'gray'}>{t(`resources.form.options.status.${row.status}`)}</Badge>
              );
            case 'submission_count':
              return <Text as="span" fontVariantNumeric="tabular-nums">{row.submission_count}</Text>;
            default:
              return undefined;
          }
        }}
        rowActions={(raw) => {
          const row = raw as unknown as Form;
          return (
            <>
              {mayOpen(DESIGN_PATH) && (
                <IconButton size="xs" variant="ghost" aria-label={t('forms.design')} title={t('forms.design')} onClick={() => f.design(row)} data-testid={`design-${row.id}`}>
                  <PencilRuler />
                </IconButton>
              )}
              {mayOpen(DETAIL_PATH) && (
                <IconButton size="xs" variant="ghost" aria-label={t('forms.data')} title={t('forms.data')} onClick={() => f.data(row)} data-testid={`data-${row.id}`}>
                  <BarChart3 />
                </IconButton>
              )}
              {mayWrite && (
                <IconButton size="xs" variant="ghost" colorPalette="orange" aria-label={t('forms.uninstall')} title={t('forms.uninstall')} onClick={() => f.askUninstall(row)} data-testid={`uninstall-${row.id}`}>
                  <Trash />
                </IconButton>
              )}
            </>
          );
        }}
      />
      <ConfirmDialog
        open={f.uninstalling !== null}
        title={t('forms.uninstallTitle')}
        body={f.uninstalling ? t('forms.uninstallBody', { name: f.uninstalling.name, count: f.uninstalling.submission_count }) : ''}
        confirmLabel={t('forms.uninstall')}
        cancelLabel={t('common.cancel')}
        onConfirm={f.confirmUninstall}
        onCancel={f.cancelUninstall}
        busy={f.uninstalling !== null && f.busyId === f.uninstalling.id}
        danger
        testId="uninstall-confirm"
      />
    </>
  );
}
