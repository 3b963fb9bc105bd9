import { Box, Button } from '@chakra-ui/react';
import languages from 'virtual:lucide/Languages';
import { LineIcon } from '../components/LineIcon';
import { LANGUAGES, type Language } from '../../models/language';
import { setLanguage, useT } from '../i18n';
import { post } from '../api/http';
import { getToken } from '../app/token';
import { PopupItem, PopupMenu, usePopup } from '../components/PopupMenu';

const LABELS: Record<Language, string> = { zh: '中文', en: 'English' };

/** The language label of the top bar and the login page; the choice is kept in localStorage `language`. */
export function LanguageSwitch({ tone = 'default' }: { tone?: 'default' | 'light' }) {
  const { lang, t } = useT();
  const menu = usePopup();
  // The other language's strings load first; offline, the interface stays in this one.
  const choose = (next: Language) =>
    void setLanguage(next).then(() => {
      if (getToken()) void post('/system/changeLanguage', { language: next }).catch(() => undefined);
    }, () => undefined);
  return (
    <Box position="relative" flexShrink={0}>
      <Button
        size="sm"
        variant="ghost"
        color={tone === 'light' ? 'white' : undefined}
        _hover={tone === 'light' ? { bg: 'whiteAlpha.300' } : undefined}
        aria-label={t('layout.switchLanguage', { language: LABELS[lang] })}
        aria-haspopup="menu"
        aria-expanded={menu.open}
        onClick={menu.toggle}
        data-testid="language-switch"
      >
        <LineIcon d={languages} /> {LABELS[lang]}
      </Button>
      <PopupMenu open={menu.open} onClose={menu.close} anchor={{ align: 'end' }}>
        {LANGUAGES.map((l) => (
          <PopupItem key={l} close={menu.close} onSelect={() => choose(l)} data-testid={`language-${l}`} fontWeight={l === lang ? 'semibold' : 'normal'}>
            {LABELS[l]}
          </PopupItem>
        ))}
      </PopupMenu>
    </Box>
  );
}
