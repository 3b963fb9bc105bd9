import { Box, Button, Heading, HStack, Spinner, Table, Text } from '@chakra-ui/react';
import { Download, Settings } from 'lucide-react';
import { t } from '../../i18n';
import { LoadError } from '../../components/LoadError';
import { usePluginPage } from './usePluginPage';
import { usePluginSettings } from './usePluginSettings';
import { PluginSettingsDialog } from './PluginSettingsDialog';

/** /PluginPage/<id>/<page>: a page an enabled plugin adds to the menu (its table, its export, its settings). */
export default function PluginPage() {
  const p = usePluginPage();
  const settings = usePluginSettings(p.reload);
  const view = p.view;
  return (
    <Box p={{ base: '3', md: '4' }} data-testid="plugin-page-view">
      {p.failed ? (
        <LoadError message={p.error} onRetry={p.reload} />
      ) : !view ? (
        <Spinner />
      ) : (
        <>
          <HStack justify="space-between" mb="3" gap="2" wrap="wrap">
            <Heading size="md">{view.title}</Heading>
            <HStack gap="2">
              {view.has_settings && (
                <Button size="xs" variant="outline" onClick={() => settings.openFor(view.id)} data-testid="plugin-page-settings">
                  <Settings />
                  {t('plugins.pageSettings')}
                </Button>
              )}
              {view.exportable && (
                <Button size="xs" colorPalette="blue" onClick={p.exportCsv} data-testid="plugin-page-export">
                  <Download />
                  {t('plugins.pageExport')}
                </Button>
              )}
            </HStack>
          </HStack>
          {view.rows.length === 0 ? (
            <Text color="fg.muted" data-testid="plugin-page-empty">
              {t('plugins.pageEmpty')}
            </Text>
          ) : (
            <Box overflowX="auto" borderWidth="1px" rounded="md">
              <Table.Root size="sm" striped data-testid="plugin-page-table">
                <Table.Header>
                  <Table.Row>
                    {view.columns.map((c) => (
                      <Table.ColumnHeader key={c.name} whiteSpace="nowrap">
                        {c.title}
                      </Table.ColumnHeader>
                    ))}
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {view.rows.map((r, i) => (
                    <Table.Row key={i}>
                      {view.columns.map((c) => (
                        <Table.Cell key={c.name} fontVariantNumeric={typeof r[c.name] === 'number' ? 'tabular-nums' : undefined} textAlign={typeof r[c.name] === 'number' ? 'end' : undefined}>
                          {String(r[c.name] ?? '')}
                        </Table.Cell>
                      ))}
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Box>
          )}
        </>
      )}
      <PluginSettingsDialog form={settings} name={view?.title ?? ''} />
    </Box>
  );
}
