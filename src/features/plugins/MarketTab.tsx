import { Alert, Badge, Button, Card, Field, Grid, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { t } from '../../i18n';
import { useStore } from '../../app/store';
import { shellStore } from '../../app/shellStore';
import { useMarket } from './useMarket';

/** The /Plugin/index "market" tab: signed packages of the catalogue, with install / upgrade and the catalogue address. */
export default function MarketTab({ onChanged, revision }: { onChanged?: () => void; revision?: unknown }) {
  const isSuper = Boolean(useStore(shellStore).current?.is_super);
  if (!isSuper) return <Text color="fg.muted">{t('pluginMarket.superOnly')}</Text>;
  return <Market onChanged={onChanged} revision={revision} />;
}

/** `revision` changes when the installed tab changed something (e.g. an uninstall): the market reloads. */
function Market({ onChanged, revision }: { onChanged?: () => void; revision?: unknown }) {
  const m = useMarket(onChanged, revision);
  return (
    <Stack gap="4" data-testid="market-tab">
      <Text fontSize="sm" color="fg.muted">
        {t('pluginMarket.hint')}
      </Text>
      <Stack direction={{ base: 'column', md: 'row' }} align={{ base: 'stretch', md: 'end' }} gap="2">
        <Field.Root flex="1">
          <Field.Label>{t('pluginMarket.urlLabel')}</Field.Label>
          <Input size="sm" value={m.url} placeholder={t('pluginMarket.urlPlaceholder')} onChange={(e) => m.setUrl(e.target.value)} data-testid="market-url" />
        </Field.Root>
        <HStack gap="2">
          <Button size="sm" variant="outline" onClick={m.saveUrl} data-testid="market-url-save">
            {t('pluginMarket.saveUrl')}
          </Button>
          {m.source && (
            <Button size="sm" variant="ghost" onClick={m.useShipped} data-testid="market-url-shipped">
              {t('pluginMarket.useShipped')}
            </Button>
          )}
        </HStack>
      </Stack>
      <Text fontSize="xs" color="fg.muted" data-testid="market-source" wordBreak="break-all">
        {t('pluginMarket.source', { source: m.source || t('pluginMarket.shipped') })}
      </Text>
      {m.loadError && (
        <Alert.Root status="error" data-testid="market-error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('pluginMarket.loadFailed')}</Alert.Title>
            <Alert.Description>{m.loadError}</Alert.Description>
          </Alert.Content>
          <Button size="xs" variant="outline" onClick={m.reload}>
            {t('pluginMarket.retry')}
          </Button>
        </Alert.Root>
      )}
      {m.loaded && !m.loadError && m.packages.length === 0 && <Text color="fg.muted">{t('pluginMarket.empty')}</Text>}
      <Grid templateColumns={{ base: '1fr', md: 'repeat(2, 1fr)', xl: 'repeat(3, 1fr)' }} gap="4">
        {m.packages.map((p) => {
          const error = m.errorOf(p.id);
          const busy = m.busyId === p.id;
          return (
            <Card.Root key={p.id} size="sm" data-testid={`market-package-${p.id}`}>
              <Card.Body gap="2">
                <HStack justify="space-between" align="start" gap="2">
                  <Heading size="sm">{m.text(p, 'name')}</Heading>
                  <Badge colorPalette={p.status === 'notInstalled' ? 'gray' : p.status === 'upgradable' ? 'orange' : 'green'} flexShrink={0}>
                    {p.status === 'notInstalled'
                      ? t('pluginMarket.statuses.notInstalled')
                      : p.status === 'installed'
                        ? t('pluginMarket.statuses.installed', { version: p.installed_version ?? '' })
                        : t('pluginMarket.statuses.upgradable', { version: p.installed_version ?? '' })}
                  </Badge>
                </HStack>
                <Text fontSize="sm" color="fg.muted">{m.text(p, 'description')}</Text>
                <HStack gap="3" fontSize="xs" color="fg.muted" wrap="wrap">
                  <span>{t('pluginMarket.version', { version: p.version })}</span>
                  <span>{t('pluginMarket.author', { author: p.author })}</span>
                  <span>{t('pluginMarket.size', { size: Math.max(1, Math.round(p.size / 1024)) })}</span>
                  <span>{p.id}</span>
                </HStack>
                {error && (
                  <Text fontSize="sm" color="fg.error" data-testid={`market-error-${p.id}`}>
                    {error}
                  </Text>
                )}
              </Card.Body>
              <Card.Footer>
                {p.status === 'notInstalled' && (
                  <Button size="sm" colorPalette="blue" loading={busy} disabled={m.busyId !== null} onClick={() => m.install(p.id)} data-testid={`market-install-${p.id}`}>
                    {t('pluginMarket.install')}
                  </Button>
                )}
                {p.status === 'upgradable' && (
                  <Button size="sm" colorPalette="orange" loading={busy} disabled={m.busyId !== null} onClick={() => m.upgrade(p.id)} data-testid={`market-upgrade-${p.id}`}>
                    {t('pluginMarket.upgrade', { version: p.version })}
                  </Button>
                )}
                {p.status === 'installed' && (
                  <Button size="sm" variant="outline" disabled>
                    {t('pluginMarket.installed')}
                  </Button>
                )}
              </Card.Footer>
            </Card.Root>
          );
        })}
      </Grid>
    </Stack>
  );
}
