import { CloseButton, Drawer, Portal, Spinner, Stack, Text } from '@chakra-ui/react';
import type { PluginEventEntry } from '../../../models/plugin';
import { t } from '../../i18n';
import { formatDateTime } from '../resource/format';

function describe(e: PluginEventEntry): string {
  const version = String(e.payload.version ?? '');
  const reason = String(e.payload.reason ?? '');
  switch (e.type) {
    case 'plugin.install':
      return t('plugins.events.install', { version });
    case 'plugin.installed':
      return t('plugins.events.installed');
    case 'plugin.installFailed':
      return t('plugins.events.installFailed', { reason });
    case 'plugin.enable':
      return t('plugins.events.enable');
    case 'plugin.disable':
      return t('plugins.events.disable');
    case 'plugin.uninstall':
      return t('plugins.events.uninstall');
    case 'plugin.uninstalled':
      return t('plugins.events.uninstalled');
    case 'plugin.uninstallFailed':
      return t('plugins.events.uninstallFailed', { reason });
    case 'plugin.upgrade':
      return t('plugins.events.upgrade', { version });
    default:
      return e.type;
  }
}

/** A plugin's event trail (what was done, by whom, when), newest first: the events its state is replayed from. */
export function PluginTrailDrawer({ name, open, trail, onClose }: { name: string; open: boolean; trail: PluginEventEntry[] | null; onClose: () => void }) {
  return (
    <Drawer.Root open={open} onOpenChange={(e) => !e.open && onClose()} placement="end" size={{ base: 'full', md: 'md' }}>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content data-testid="plugin-trail">
            <Drawer.Header borderBottomWidth="1px">
              <Drawer.Title fontSize="md">{t('plugins.trailTitle', { name })}</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body py="4">
              {trail === null ? (
                <Spinner />
              ) : !trail.length ? (
                <Text color="fg.muted">{t('plugins.trailEmpty')}</Text>
              ) : (
                <Stack as="ol" gap="3" listStyleType="none">
                  {trail.map((e) => (
                    <Stack as="li" key={e.id} gap="0.5" borderLeftWidth="2px" borderColor={/Failed$/.test(e.type) ? 'red.500' : 'blue.500'} pl="3" data-testid="plugin-trail-entry">
                      <Text fontSize="sm" fontWeight="medium" wordBreak="break-word">
                        {describe(e)}
                      </Text>
                      <Text fontSize="xs" color="fg.muted">
                        {formatDateTime(e.created_at)} · {e.by_name || t('plugins.system')}
                      </Text>
                    </Stack>
                  ))}
                </Stack>
              )}
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('common.close')} />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
