import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Box, Dialog, Input, Portal, Text } from '@chakra-ui/react';
import pinyinTable from 'virtual:menu-pinyin';
import { menuTitle, t, useT } from '../i18n';
import { zh } from '../i18n/zh';
import { en } from '../i18n/en';
import { useStore } from '../app/store';
import { shellStore } from '../app/shellStore';
import { paletteEntries, searchPalette, type PaletteEntry, type TitleReader } from './menuSearch';
import { paletteStore, takeTypedAhead } from './paletteStore';
import type { Shell } from './useShell';

// The menu search and command palette: type a screen's name in either language, its pinyin or its initials,
// choose with the arrow keys and Enter (or the mouse); Esc closes. It lists only what the admin's menu holds,
// so it opens exactly the screens their role allows.

/** A catalog string by its dotted key, or the title itself when it is not a key (columns, plugin pages). */
function inCatalog(catalog: object, title: string): string {
  let node: unknown = catalog;
  for (const part of title.split('.')) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  return typeof node === 'string' ? node : title;
}

export function CommandPalette({ shell }: { shell: Shell }) {
  const { lang } = useT();
  const open = useStore(paletteStore);
  const { dynamic } = useStore(shellStore);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const input = useRef<HTMLInputElement>(null);

  const entries = useMemo(() => {
    const columnPinyin = new Map(dynamic.filter((d) => d.pinyin).map((d) => [d.title, [d.pinyin!.full, d.pinyin!.initials] as const]));
    const read: TitleReader = {
      shown: menuTitle,
      zh: (title) => inCatalog(zh, title),
      en: (title) => inCatalog(en, title),
      pinyin: (zhTitle) => pinyinTable[zhTitle] ?? columnPinyin.get(zhTitle),
    };
    return paletteEntries(shell.menu, read);
    // The language changes the titles shown.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shell.menu, dynamic, lang]);
  const found = searchPalette(entries, query);

  const close = () => {
    paletteStore.set(false);
    setQuery('');
    setActive(0);
  };
  const choose = (entry: PaletteEntry | undefined) => {
    if (!entry) return;
    close();
    shell.follow(entry.path);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (found.length) setActive((i) => (i + (e.key === 'ArrowDown' ? 1 : found.length - 1)) % found.length);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      choose(found[Math.min(active, found.length - 1)]);
    }
  };
  const optionId = (i: number) => `command-palette-option-${i}`;

  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && close()} placement="top" initialFocusEl={() => input.current}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="command-palette" aria-label={t('layout.searchMenu')} w="560px" maxW="calc(100vw - 16px)" mt="16">
            <Dialog.Body p="2">
              <Input
                ref={input}
                value={query}
                onChange={(e) => {
                  setQuery(e.currentTarget.value);
                  setActive(0);
                }}
                onKeyDown={onKeyDown}
                onFocus={() => {
                  // Keys typed before the input was there (or focused) are kept by paletteStore.
                  const ahead = takeTypedAhead();
                  if (ahead) {
                    setQuery((q) => q + ahead);
                    setActive(0);
                  }
                }}
                placeholder={t('layout.searchPlaceholder')}
                aria-label={t('layout.searchMenu')}
                role="combobox"
                aria-expanded={found.length > 0}
                aria-controls="command-palette-list"
                aria-autocomplete="list"
                aria-activedescendant={found.length ? optionId(Math.min(active, found.length - 1)) : undefined}
                data-testid="command-palette-input"
              />
              <Box as="ul" role="listbox" id="command-palette-list" aria-label={t('layout.searchMenu')} mt="1" maxH="60vh" overflowY="auto" listStyleType="none">
                {found.map((entry, i) => (
                  <Box
                    as="li"
                    key={`${entry.path}\n${entry.title}`}
                    id={optionId(i)}
                    role="option"
                    aria-selected={i === active}
                    px="3"
                    py="2"
                    borderRadius="md"
                    cursor="pointer"
                    bg={i === active ? 'blue.subtle' : undefined}
                    onMouseMove={() => setActive(i)}
                    onClick={() => choose(entry)}
                    data-testid="command-palette-option"
                    data-path={entry.path}
                  >
                    <Text fontWeight="medium">{entry.title}</Text>
                    {entry.trail.length > 0 && (
                      <Text fontSize="xs" color="fg.muted">
                        {entry.trail.join(' / ')}
                      </Text>
                    )}
                  </Box>
                ))}
              </Box>
              {query.trim() && !found.length && (
                <Text px="3" py="2" color="fg.muted" data-testid="command-palette-empty">
                  {t('layout.searchNone')}
                </Text>
              )}
            </Dialog.Body>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
