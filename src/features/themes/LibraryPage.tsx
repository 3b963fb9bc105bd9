import { useRef } from 'react';
import { Badge, Box, Button, Card, Grid, Heading, HStack, Image, Stack, Text } from '@chakra-ui/react';
import type { LibraryPackage } from '../../../models/themes';
import { t } from '../../i18n';
import { useStore } from '../../app/store';
import { shellStore } from '../../app/shellStore';
import { useThemeData } from './useThemeData';

/** Installable packages as cards with their preview; install into the current site; super-admins upload. */
export default function LibraryPage() {
  const { rows, busy, call, post } = useThemeData<LibraryPackage>('/templeteLibrary/index');
  const isSuper = Boolean(useStore(shellStore).current?.is_super);
  const input = useRef<HTMLInputElement>(null);
  const upload = (file: File) => {
    const form = new FormData();
    form.append('file', file);
    call(() => post('/templeteLibrary/upload', form));
  };
  return (
    <Stack gap="4" data-testid="theme-library">
      <HStack justify="space-between" align="start" wrap="wrap" gap="3">
        <Stack gap="1">
          <Heading size="md">{t('themes.libraryTitle')}</Heading>
          <Text fontSize="sm" color="fg.muted">{t('themes.libraryHint')}</Text>
        </Stack>
        {isSuper && (
          <>
            <input
              ref={input}
              type="file"
              accept=".zip,application/zip"
              hidden
              data-testid="library-upload-input"
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                if (file) upload(file);
              }}
            />
            <Button size="sm" colorPalette="blue" loading={busy} loadingText={t('themes.uploading')} onClick={() => input.current?.click()}>
              {t('themes.upload')}
            </Button>
          </>
        )}
      </HStack>
      <Grid templateColumns={{ base: '1fr', md: 'repeat(2, 1fr)', xl: 'repeat(3, 1fr)' }} gap="4">
        {rows.map((pkg) => (
          <Card.Root key={pkg.package} size="sm" overflow="hidden" data-testid={`package-${pkg.package}`}>
            {pkg.preview ? (
              <Image src={pkg.preview} alt={pkg.name} aspectRatio={16 / 10} objectFit="cover" />
            ) : (
              <Box aspectRatio={16 / 10} bg="bg.muted" display="flex" alignItems="center" justifyContent="center" color="fg.muted" fontSize="sm">
                {t('themes.noPreview')}
              </Box>
            )}
            <Card.Body gap="2">
              <HStack justify="space-between" align="start">
                <Heading size="sm">{pkg.name}</Heading>
                <Badge>{t(`themes.sources.${pkg.source}`)}</Badge>
              </HStack>
              <Text fontSize="sm" color="fg.muted">{pkg.description}</Text>
              <HStack gap="3" fontSize="xs" color="fg.muted" wrap="wrap">
                <span>{t('themes.version', { version: pkg.version })}</span>
                <span>{t(`themes.languages.${pkg.language}`)}</span>
                <span>{pkg.package}</span>
              </HStack>
            </Card.Body>
            <Card.Footer>
              <Button size="sm" colorPalette="blue" disabled={busy} onClick={() => call(() => post('/templeteLibrary/install', { package: pkg.package }))}>
                {t('themes.install')}
              </Button>
            </Card.Footer>
          </Card.Root>
        ))}
      </Grid>
    </Stack>
  );
}
