import { createSystem, defaultBaseConfig, defineConfig, mergeConfigs } from '@chakra-ui/react';
// Chakra's theme parts, each from its own module (vite.config.ts and tsconfig.json map
// `@chakra-ui/react/theme/<part>` to it): the package's theme entry imports every recipe, which would bring
// the other screens' recipes into the login page's chunk.
import { breakpoints } from '@chakra-ui/react/theme/breakpoints';
import { globalCss } from '@chakra-ui/react/theme/global-css';
import { layerStyles } from '@chakra-ui/react/theme/layer-styles';
import { animationStyles } from '@chakra-ui/react/theme/motion-styles';
import { textStyles } from '@chakra-ui/react/theme/text-styles';
import { semanticColors } from '@chakra-ui/react/theme/semantic-tokens/colors';
import { semanticRadii } from '@chakra-ui/react/theme/semantic-tokens/radii';
import { semanticShadows } from '@chakra-ui/react/theme/semantic-tokens/shadows';
import { animations } from '@chakra-ui/react/theme/tokens/animations';
import { aspectRatios } from '@chakra-ui/react/theme/tokens/aspect-ratios';
import { blurs } from '@chakra-ui/react/theme/tokens/blurs';
import { borders } from '@chakra-ui/react/theme/tokens/borders';
import { colors } from '@chakra-ui/react/theme/tokens/colors';
import { cursor } from '@chakra-ui/react/theme/tokens/cursor';
import { durations } from '@chakra-ui/react/theme/tokens/durations';
import { easings } from '@chakra-ui/react/theme/tokens/easings';
import { fontSizes } from '@chakra-ui/react/theme/tokens/font-sizes';
import { fontWeights } from '@chakra-ui/react/theme/tokens/font-weights';
import { keyframes } from '@chakra-ui/react/theme/tokens/keyframes';
import { letterSpacings } from '@chakra-ui/react/theme/tokens/letter-spacing';
import { lineHeights } from '@chakra-ui/react/theme/tokens/line-heights';
import { radii } from '@chakra-ui/react/theme/tokens/radius';
import { sizes } from '@chakra-ui/react/theme/tokens/sizes';
import { spacing } from '@chakra-ui/react/theme/tokens/spacing';
import { zIndices } from '@chakra-ui/react/theme/tokens/z-indices';
import { alertSlotRecipe } from '@chakra-ui/react/theme/recipes/alert';
import { breadcrumbSlotRecipe } from '@chakra-ui/react/theme/recipes/breadcrumb';
import { buttonRecipe } from '@chakra-ui/react/theme/recipes/button';
import { cardSlotRecipe } from '@chakra-ui/react/theme/recipes/card';
import { emptyStateSlotRecipe } from '@chakra-ui/react/theme/recipes/empty-state';
import { fieldSlotRecipe } from '@chakra-ui/react/theme/recipes/field';
import { headingRecipe } from '@chakra-ui/react/theme/recipes/heading';
import { iconRecipe } from '@chakra-ui/react/theme/recipes/icon';
import { inputRecipe } from '@chakra-ui/react/theme/recipes/input';
import { linkRecipe } from '@chakra-ui/react/theme/recipes/link';
import { skeletonRecipe } from '@chakra-ui/react/theme/recipes/skeleton';
import { spinnerRecipe } from '@chakra-ui/react/theme/recipes/spinner';
import { statSlotRecipe } from '@chakra-ui/react/theme/recipes/stat';
import { tableSlotRecipe } from '@chakra-ui/react/theme/recipes/table';

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
      aspectRatios,
      animations,
      blurs,
      borders,
      colors,
      durations,
      easings,
      fontSizes,
      fontWeights,
      letterSpacings,
      lineHeights,
      radii,
      spacing,
      sizes,
      zIndex: zIndices,
      cursor,
      fonts: {
        // Latin faces first (a CJK face draws quotes and apostrophes full-width), then Chinese ones.
        heading: { value: FONT_STACK },
        body: { value: FONT_STACK },
        mono: { value: `'SFMono-Regular', Menlo, Consolas, monospace` },
      },
    },
    semanticTokens: { colors: semanticColors, shadows: semanticShadows, radii: semanticRadii },
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
      breadcrumb: breadcrumbSlotRecipe,
      card: cardSlotRecipe,
      emptyState: emptyStateSlotRecipe,
      field: fieldSlotRecipe,
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
