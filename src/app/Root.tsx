import { lazy, Suspense, use, type ComponentType, type ReactNode } from 'react';
import { Box, Center, Spinner } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { tabs } from './root';
import { useRouting } from './useRouting';
import { ViewActiveContext } from './viewActive';
import { ViewLocation } from './viewLocation';
import { matchRoute } from '../routes/registry';
import { NOT_FOUND_PATH } from '../../models/menuTree';
import { loadShellStrings } from '../i18n';
import { loadScreenSupport } from './screenSupport';

// The shell (menus, tabs, dialogs) and its first screen's strings load after sign-in: the login page needs
// neither. Every other screen waits for the features' strings and the screens' recipes (loaded once).
const Shell = lazy(() => Promise.all([import('../layout/Shell'), loadShellStrings()]).then(([m]) => ({ default: m.Shell })));

function ScreenSupport({ children }: { children: ReactNode }) {
  use(loadScreenSupport());
  return children;
}

const Loading = () => (
  <Center h="40vh">
    <Spinner color="blue.600" />
  </Center>
);

/** One view in the shell; cached views stay mounted (hidden) while their tab is not active. */
function View({ view: ViewComponent, shellStrings, hidden, at }: { view: ComponentType; shellStrings?: boolean; hidden: boolean; at: string }) {
  return (
    <Box hidden={hidden}>
      <ViewActiveContext.Provider value={!hidden}>
        <ViewLocation at={at} hidden={hidden}>
          <Suspense fallback={<Loading />}>
            {shellStrings ? (
              <ViewComponent />
            ) : (
              <ScreenSupport>
                <ViewComponent />
              </ScreenSupport>
            )}
          </Suspense>
        </ViewLocation>
      </ViewActiveContext.Provider>
    </Box>
  );
}

export function Root() {
  const { path: location, ready, route } = useRouting();
  const views = useSelector(tabs, (s) => s.context.views);
  const refreshes = useSelector(tabs, (s) => s.context.refreshes);
  if (!ready) return <Loading />;
  if (route?.bare) {
    return (
      <Suspense fallback={<Loading />}>
        <route.view />
      </Suspense>
    );
  }
  const current = route ?? matchRoute(NOT_FOUND_PATH)!;
  // Cached views of open tabs, plus the current page: keyed by path, so a page keeps its state while
  // it moves from "current" into the cached list, and a refresh (new key) remounts it.
  // A hidden view reads the address it was last shown at.
  const cached = views.filter((v) => v.cache && v.path !== location).map((v) => ({ path: v.path, at: v.to ?? v.path, route: matchRoute(v.path) }));
  const shown = [...cached.filter((c) => c.route), { path: location, at: location, route: current }];
  return (
    <Suspense fallback={<Loading />}>
      <Shell route={route}>
        {shown.map(({ path, at, route: r }) => (
          <View key={`${path}#${refreshes[path] ?? 0}`} view={r!.view} shellStrings={r!.shellStrings} hidden={path !== location} at={at} />
        ))}
      </Shell>
    </Suspense>
  );
}
