import './zodConfig';
import './app/colorMode';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { languageReady } from './i18n';

// The first render waits for the interface language's strings (src/i18n/index.ts), so nothing shows a key;
// should they fail to load, the keys show rather than a blank page.
void languageReady
  .catch(() => undefined)
  .then(() =>
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
