import { useState } from 'react';
import { useLocation } from 'wouter';
import { Alert, Badge, Button, Card, Grid, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import type { ThemeInfo } from '../../../models/themes';
import { t } from '../../i18n';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useThemeData } from './useThemeData';
import { useThemeSharing } from './useThemeSharing';
import { usePermissions } from '../../app/permissions';

/** The current site's themes as cards: activate, delete (not the active one nor the shipped default). */
export default function ThemesPage() {
  const { rows, busy, call, post } = useThemeData<ThemeInfo>('/theme/index');
  const [deleting, setDeleting] = useState<ThemeInfo | null>(null);
  const sharing = useThemeSharing();
  const separateMobile = sharing?.separate_mobile ?? false;
  const [, navigate] = useLocation();
  const mayEditFiles = usePermissions().mayOpen('/Theme/files');
  return (
    <Stack gap="4" data-testid="themes">
      <Stack gap="1">
        <Heading size="md">{t('themes.title')}</Heading>
        <Text fontSize="sm" color="fg.muted">{t('themes.hint')}</Text>
      </Stack>
      {sharing?.uses_parent && (
        <Alert.Root status="warning" size="sm" data-testid="themes-parent-notice">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('themes.usesParentTitle', { name: sharing.parent?.name ?? '' })}</Alert.Title>
            <Alert.Description>{t('themes.usesParent')}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      {separateMobile && (
        <Alert.Root status="info" size="sm" data-testid="themes-mobile-notice">
          <Alert.Indicator />
          <Alert.Description>{t('themes.separateMobile')}</Alert.Description>
        </Alert.Root>
      )}
      {rows.length === 0 && <Text color="fg.muted">{t('themes.empty')}</Text>}
      <Grid templateColumns={{ base: '1fr', md: 'repeat(2, 1fr)', xl: 'repeat(3, 1fr)' }} gap="4">
        {rows.map((theme) => (
          <Card.Root key={theme.folder} size="sm" borderColor={theme.active ? 'blue.500' : undefined} data-testid={`theme-${theme.folder}`}>
            <Card.Body gap="2">
              <HStack justify="space-between" align="start">
                <Heading size="sm">{theme.name}</Heading>
                <HStack gap="1">
                  {theme.shipped && <Badge>{t('themes.shipped')}</Badge>}
                  {theme.active && <Badge colorPalette="blue">{t(separateMobile ? 'themes.activePc' : 'themes.active')}</Badge>}
                  {separateMobile && theme.mobile_active && (
                    <Badge colorPalette="green" data-testid={`mobile-active-${theme.folder}`}>{t('themes.activeMobile')}</Badge>
                  )}
                </HStack>
              </HStack>
              <Text fontSize="sm" color="fg.muted">{theme.description}</Text>
              <HStack gap="3" fontSize="xs" color="fg.muted" wrap="wrap">
                <span>{t('themes.version', { version: theme.version })}</span>
                <span>{t(`themes.languages.${theme.language}`)}</span>
                <span>{t('themes.folder', { folder: theme.folder })}</span>
              </HStack>
            </Card.Body>
            <Card.Footer gap="2" flexWrap="wrap">
              <Button size="sm" colorPalette="blue" disabled={theme.active || busy} onClick={() => call(() => post('/theme/activate', { folder: theme.folder }))}>
                {t(separateMobile ? 'themes.activatePc' : 'themes.activate')}
              </Button>
              {separateMobile && (
                <Button
                  size="sm"
                  variant="outline"
                  colorPalette="green"
                  disabled={theme.mobile_active || busy}
                  data-testid={`activate-mobile-${theme.folder}`}
                  onClick={() => call(() => post('/theme/activate', { folder: theme.folder, device: 'mobile' }))}
                >
                  {t('themes.activateMobile')}
                </Button>
              )}
              {mayEditFiles && (
                <Button size="sm" variant="outline" onClick={() => navigate(`/Theme/files?folder=${theme.folder}`)} data-testid={`edit-files-${theme.folder}`}>
                  {t('themeFiles.editFiles')}
                </Button>
              )}
              {!theme.shipped && (
                <Button size="sm" variant="outline" colorPalette="red" disabled={theme.active || theme.mobile_active || busy} onClick={() => setDeleting(theme)}>
                  {t('themes.delete')}
                </Button>
              )}
            </Card.Footer>
          </Card.Root>
        ))}
      </Grid>
      <ConfirmDialog
        open={deleting !== null}
        title={t('themes.deleteTitle')}
        body={t('themes.deleteConfirm', { name: deleting?.name ?? '' })}
        confirmLabel={t('themes.delete')}
        cancelLabel={t('themes.cancel')}
        busy={busy}
        danger
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          const folder = deleting!.folder;
          setDeleting(null);
          call(() => post('/theme/delete', { folder }));
        }}
      />
    </Stack>
  );
}
