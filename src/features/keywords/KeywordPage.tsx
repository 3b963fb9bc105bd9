import { Button, HStack, IconButton, Menu, Portal, Progress, Switch, Text } from '@chakra-ui/react';
import { ChartLine, Download, Pause, Play, Radar, Settings2, Upload } from 'lucide-react';
import { keywordResource } from '../../../models/resources/keywords';
import { KEYWORD_ACTIVE, KEYWORD_PAUSED } from '../../../models/keyword';
import { t } from '../../i18n';
import { usePermissions } from '../../app/permissions';
import { ResourceView } from '../resource/ResourceView';
import { useKeywords } from './useKeywords';
import { KeywordImportDialog } from './KeywordImportDialog';
import { RankSettingsDialog } from './RankSettingsDialog';
import { PositionBadge, RankTrendDrawer } from './RankTrendDrawer';

/** Site keywords: paused or active, optionally internal links, imported and exported, and their ranking. */
export default function KeywordPage() {
  const k = useKeywords();
  const { mayUse } = usePermissions();
  const may = mayUse(keywordResource.menu);
  const selected = k.list.selected;
  return (
    <>
      <ResourceView
        def={keywordResource}
        list={k.list}
        form={k.form}
        defaults={{ weight: 0, status: KEYWORD_ACTIVE, inner_link: false }}
        testId="page-keyword"
        toolbar={
          may && (
            <>
              <Button size="sm" variant="outline" disabled={!selected.length} onClick={() => k.setStatus(selected, KEYWORD_ACTIVE)} data-testid="bulk-activate">
                <Play /> {t('keywords.activate')}
              </Button>
              <Button size="sm" variant="outline" disabled={!selected.length} onClick={() => k.setStatus(selected, KEYWORD_PAUSED)} data-testid="bulk-pause">
                <Pause /> {t('keywords.pause')}
              </Button>
              <Button size="sm" variant="outline" onClick={k.importer.start} data-testid="keyword-import-open">
                <Upload /> {t('keywords.import')}
              </Button>
              <Menu.Root>
                <Menu.Trigger asChild>
                  <Button size="sm" variant="outline" data-testid="keyword-export">
                    <Download /> {t('keywords.export')}
                  </Button>
                </Menu.Trigger>
                <Portal>
                  <Menu.Positioner>
                    <Menu.Content>
                      <Menu.Item value="csv" onSelect={() => k.exportAs('csv')} data-testid="keyword-export-csv">
                        {t('keywords.exportCsv')}
                      </Menu.Item>
                      <Menu.Item value="xlsx" onSelect={() => k.exportAs('xlsx')} data-testid="keyword-export-xlsx">
                        {t('keywords.exportExcel')}
                      </Menu.Item>
                    </Menu.Content>
                  </Menu.Positioner>
                </Portal>
              </Menu.Root>
              <Button size="sm" variant="outline" onClick={k.settings.openSettings} data-testid="rank-settings-open">
                <Settings2 /> {t('keywords.settings')}
              </Button>
              <Button size="sm" variant="subtle" colorPalette="blue" onClick={k.checkNow} loading={k.checking} loadingText={t('keywords.checking', { progress: k.checkProgress })} data-testid="rank-check">
                <Radar /> {t('keywords.checkNow')}
              </Button>
              {k.checking && (
                <Progress.Root value={k.checkProgress} size="xs" w="120px" colorPalette="blue" data-testid="rank-check-progress">
                  <Progress.Track>
                    <Progress.Range />
                  </Progress.Track>
                </Progress.Root>
              )}
            </>
          )
        }
        renderCell={(column, row) => {
          const id = Number(row.id);
          const name = String(row.name);
          switch (column.name) {
            case 'link':
              return (
                <Text maxW="260px" truncate title={String(row.link)}>
                  {String(row.link)}
                </Text>
              );
            case 'position':
              return <PositionBadge position={(row.position as number | null) ?? null} checked={Boolean(row.checked_at)} />;
            case 'status':
              return (
                <Switch.Root
                  size="sm"
                  colorPalette="green"
                  checked={row.status === KEYWORD_ACTIVE}
                  disabled={!may}
                  onCheckedChange={(e) => k.setStatus([id], e.checked ? KEYWORD_ACTIVE : KEYWORD_PAUSED)}
                  data-testid={`keyword-status-${id}`}
                >
                  <Switch.HiddenInput aria-label={t('keywords.switchStatus', { name })} />
                  <Switch.Control />
                  <Switch.Label fontSize="xs" color="fg.muted">
                    {t(`resources.keyword.options.status.${String(row.status)}`)}
                  </Switch.Label>
                </Switch.Root>
              );
            case 'inner_link':
              return (
                <Switch.Root size="sm" checked={Boolean(row.inner_link)} disabled={!may} onCheckedChange={(e) => k.setInnerLink([id], e.checked)} data-testid={`keyword-inner-${id}`}>
                  <Switch.HiddenInput aria-label={t('keywords.switchInnerLink', { name })} />
                  <Switch.Control />
                </Switch.Root>
              );
            default:
              return undefined;
          }
        }}
        rowActions={(row) => (
          <HStack gap="0">
            <IconButton size="xs" variant="ghost" aria-label={t('keywords.trend')} title={t('keywords.trend')} onClick={() => k.trend.show({ id: Number(row.id), name: String(row.name) })} data-testid={`keyword-trend-${String(row.id)}`}>
              <ChartLine />
            </IconButton>
          </HStack>
        )}
      />
      <KeywordImportDialog im={k.importer} />
      <RankSettingsDialog form={k.settings} />
      <RankTrendDrawer trend={k.trend} />
    </>
  );
}
