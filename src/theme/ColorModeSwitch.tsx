import { Button, Field, Group } from '@chakra-ui/react';
import { Monitor, Moon, Sun } from 'lucide-react';
import { useT } from '../i18n';
import { createStore, useStore } from '../app/store';
import { applyColorMode, COLOR_MODE_KEY } from '../app/colorMode';

// The personal center's appearance switch: follow the system, or always light, or always dark. The choice
// stays in this browser (localStorage) and applies at once, without saving the form; src/app/colorMode.ts
// applies it on the next visits before the first paint.

export type ColorModePreference = 'system' | 'light' | 'dark';
const MODES = [
  { mode: 'system', label: 'common.colorModeSystem', Icon: Monitor },
  { mode: 'light', label: 'common.colorModeLight', Icon: Sun },
  { mode: 'dark', label: 'common.colorModeDark', Icon: Moon },
] as const;

const stored = (): ColorModePreference => {
  const v = localStorage.getItem(COLOR_MODE_KEY);
  return v === 'light' || v === 'dark' ? v : 'system';
};
const preference = createStore<ColorModePreference>(stored());
// Another tab changed it: follow at once.
addEventListener('storage', (e) => {
  if (e.key !== COLOR_MODE_KEY) return;
  preference.set(stored());
  applyColorMode();
});

export function setColorMode(mode: ColorModePreference) {
  if (mode === 'system') localStorage.removeItem(COLOR_MODE_KEY);
  else localStorage.setItem(COLOR_MODE_KEY, mode);
  preference.set(mode);
  applyColorMode();
}

export function ColorModeSwitch() {
  const { t } = useT();
  const current = useStore(preference);
  return (
    <Field.Root>
      <Field.Label id="color-mode-label">{t('common.colorMode')}</Field.Label>
      <Group attached role="radiogroup" aria-labelledby="color-mode-label" data-testid="color-mode">
        {MODES.map(({ mode, label, Icon }) => (
          <Button
            key={mode}
            size="sm"
            variant={mode === current ? 'solid' : 'outline'}
            colorPalette={mode === current ? 'blue' : 'gray'}
            role="radio"
            aria-checked={mode === current}
            onClick={() => setColorMode(mode)}
            data-testid={`color-mode-${mode}`}
          >
            <Icon /> {t(label)}
          </Button>
        ))}
      </Group>
    </Field.Root>
  );
}
