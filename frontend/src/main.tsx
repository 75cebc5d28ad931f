import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { applyThemeAttribute } from './app/theme';
import { local, StorageKey } from './lib/storage';
import './lib/auth-client';

// Set data-theme before the first paint so the page never flashes the wrong scheme.
applyThemeAttribute(local.get(StorageKey.theme) === 'light' ? 'light' : 'dark');

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
