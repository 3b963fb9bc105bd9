// React 19 has useSyncExternalStore: @xstate/react's and wouter's imports of the `use-sync-external-store` shim
// (a fallback for React 17) resolve here instead (vite.config.ts).
export { useSyncExternalStore } from 'react';
