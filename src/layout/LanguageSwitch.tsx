import { Button, Menu, Portal } from '@chakra-ui/react';
import { Languages } from 'lucide-react';
import { LANGUAGES, type Language } from '../../models/language';
import { setLanguage, useT } from '../i18n';
import { post } from '../api/http';
import { getToken } from '../app/token';

const LABELS: Record<Language, string> = { zh: '中文', en: 'English' };

/** The language label of the top bar and the login page; the choice is kept in localStorage `language`. */
export function LanguageSwitch({ tone = 'default' }: { tone?: 'default' | 'light' }) {
  const { lang, t } = useT();
  const choose = (next: Language) => {
    setLanguage(next);
    if (getToken()) void post('/system/changeLanguage', { language: next }).catch(() => undefined);
  };
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <Button size="sm" variant="ghost" color={tone === 'light' ? 'white' : undefined} aria-label={t('layout.switchLanguage', { language: LABELS[lang] })} data-testid="language-switch">
          <Languages /> {LABELS[lang]}
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            {LANGUAGES.map((l) => (
              <Menu.Item key={l} value={l} onSelect={() => choose(l)} data-testid={`language-${l}`} fontWeight={l === lang ? 'semibold' : undefined}>
                {LABELS[l]}
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
