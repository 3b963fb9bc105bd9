import { createSystem, defaultBaseConfig, defineConfig, mergeConfigs } from '@chakra-ui/react';
import {
  animationStyles,
  breakpoints,
  globalCss,
  keyframes,
  layerStyles,
  semanticTokens,
  textStyles,
  tokens,
  alertSlotRecipe,
  avatarSlotRecipe,
  breadcrumbSlotRecipe,
  buttonRecipe,
  cardSlotRecipe,
  emptyStateSlotRecipe,
  fieldSlotRecipe,
  headingRecipe,
  iconRecipe,
  inputRecipe,
  linkRecipe,
  nativeSelectSlotRecipe,
  skeletonRecipe,
  spinnerRecipe,
  statSlotRecipe,
  tableSlotRecipe,
} from '@chakra-ui/react/theme';

// Only the recipes the admin uses: Chakra's defaultSystem bundles every one (~143 kB gzip). The system starts
// with the recipes of the login page, the shell and the dashboard; the other screens' recipes (dialogs,
// menus, switches…) join it before any other screen, dialog or toast renders (loadScreenRecipes).
const FONT_STACK = `'Inter', -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', sans-serif`;

const theme = defineConfig({
  preflight: true,
  cssVarsPrefix: 'chakra',
  cssVarsRoot: ':where(html, .chakra-theme)',
  globalCss: {
    ...globalCss,
    'html, body': { height: '100%', fontSize: '14px' },
    body: { bg: 'bg.subtle' },
    // The browser's own parts (scrollbars, form controls) follow the mode src/app/colorMode.ts applies.
    '.dark': { colorScheme: 'dark' },
    '#root': { height: '100%' },
  },
  theme: {
    breakpoints,
    keyframes,
    tokens: {
      ...tokens,
      fonts: {
        // Latin faces first (a CJK face draws quotes and apostrophes full-width), then Chinese ones.
        heading: { value: FONT_STACK },
        body: { value: FONT_STACK },
        mono: { value: `'SFMono-Regular', Menlo, Consolas, monospace` },
      },
    },
    semanticTokens,
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      button: buttonRecipe,
      heading: headingRecipe,
      icon: iconRecipe,
      input: inputRecipe,
      link: linkRecipe,
      skeleton: skeletonRecipe,
      spinner: spinnerRecipe,
    },
    slotRecipes: {
      alert: alertSlotRecipe,
      avatar: avatarSlotRecipe,
      breadcrumb: breadcrumbSlotRecipe,
      card: cardSlotRecipe,
      emptyState: emptyStateSlotRecipe,
      field: fieldSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      stat: statSlotRecipe,
      table: tableSlotRecipe,
    },
  },
});

export const system = createSystem(mergeConfigs(defaultBaseConfig, theme));

/** The system's own recipe tables: Chakra looks a recipe up there the first time a component uses it. */
const recipeTables = (system as unknown as { _config: { theme: { recipes: Record<string, unknown>; slotRecipes: Record<string, unknown> } } })._config.theme;

let screenRecipes: Promise<void> | undefined;
/** Adds the other screens' recipes to the system, once; whatever uses them waits for it before it renders. */
export function loadScreenRecipes(): Promise<void> {
  screenRecipes ??= import('./screenRecipes').then(({ recipes, slotRecipes }) => {
    Object.assign(recipeTables.recipes, recipes);
    Object.assign(recipeTables.slotRecipes, slotRecipes);
  });
  return screenRecipes;
}
