import { ChakraProvider } from '@chakra-ui/react';
import { Router } from 'wouter';
import { system } from './theme/system';
import { ErrorBoundary } from './components/ErrorBoundary';
import { Toaster } from './components/Toaster';
import { Root } from './app/Root';
import { ADMIN_BASE, guardedNav, startRoot } from './app/root';

startRoot();

export function App() {
  return (
    <ChakraProvider value={system}>
      <ErrorBoundary>
        <Router base={ADMIN_BASE} aroundNav={guardedNav}>
          <Root />
        </Router>
      </ErrorBoundary>
      <Toaster />
    </ChakraProvider>
  );
}
