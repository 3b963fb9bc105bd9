import { Badge, Button, IconButton, Link } from '@chakra-ui/react';
import { Eye, FileDown, Plus } from 'lucide-react';
import { useLocation } from 'wouter';
import { resumeResource } from '../../../models/resources/recruit';
import type { Resume } from '../../../models/position';
import { http } from '../../api/http';
import { notify } from '../../components/Toaster';
import { t } from '../../i18n';
import { usePermissions } from '../../app/permissions';
import { ResourceView, useResourceScreen } from '../resource/ResourceView';
import { ResumeDialog } from './ResumeDialog';
import { useResumeDetail } from './useResumeDetail';

const SAVE_PATH = '/resume/save';
const STATUS_COLORS = ['blue', 'gray', 'orange', 'green', 'red'] as const;
const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** The export is behind the session header, so it is fetched and saved rather than linked. */
async function download(format: 'csv' | 'xlsx', filters: Record<string, unknown>) {
  try {
    const res = await http.get('/resume/export', { params: { format, ...filters }, responseType: 'blob', timeout: 60_000 });
    const url = URL.createObjectURL(res.data as Blob);
    const a = Object.assign(document.createElement('a'), { href: url, download: `resumes.${format}` });
    a.click();
    URL.revokeObjectURL(url);
  } catch (e) {
    notify('error', t('recruit.exportFailed', { error: messageOf(e) }));
  }
}

/** Resumes of the current site (/resume/index): filters, one in a dialog with status and notes, export, add by hand, delete. */
export default function ResumePage() {
  const { list, form } = useResourceScreen(resumeResource);
  const detail = useResumeDetail(list.reload);
  const [, navigate] = useLocation();
  const { mayOpen } = usePermissions();
  const filters = list.query.filters;
  return (
    <>
      <ResourceView
        def={resumeResource}
        list={list}
        form={form}
        toolbar={
          <>
            {mayOpen(SAVE_PATH) && (
              <Button size="sm" colorPalette="blue" onClick={() => navigate(SAVE_PATH)} data-testid="resume-add">
                <Plus /> {t('recruit.addResume')}
              </Button>
            )}
            <Button size="sm" variant="outline" onClick={() => void download('xlsx', filters)} data-testid="export-xlsx">
              <FileDown /> {t('recruit.exportXlsx')}
            </Button>
            <Button size="sm" variant="outline" onClick={() => void download('csv', filters)} data-testid="export-csv">
              <FileDown /> {t('recruit.exportCsv')}
            </Button>
          </>
        }
        renderCell={(column, raw) => {
          const row = raw as unknown as Resume;
          if (column.name === 'status') {
            return (
              <Badge size="sm" colorPalette={STATUS_COLORS[row.status] ?? 'gray'} data-testid={`resume-status-${row.id}`}>
                {t(`resources.resume.options.status.${row.status}`)}
              </Badge>
            );
          }
          if (column.name === 'file_name' && row.file_url) {
            return (
              <Link href={row.file_url} target="_blank" rel="noopener noreferrer" color="blue.fg" maxW="200px" truncate display="block" title={row.file_name}>
                {row.file_name}
              </Link>
            );
          }
          return undefined;
        }}
        rowActions={(raw) => (
          <IconButton size="xs" variant="ghost" aria-label={t('recruit.view')} title={t('recruit.view')} onClick={() => detail.show(raw.id as number)} data-testid={`view-${raw.id}`}>
            <Eye />
          </IconButton>
        )}
      />
      <ResumeDialog detail={detail} />
    </>
  );
}
