import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { markdown } from './build/markdown-plugin.ts';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  cacheDir: fileURLToPath(new URL('../node_modules/.vite/frontend', import.meta.url)),
  plugins: [markdown(), react()],
  resolve: { alias: { '@/': fileURLToPath(new URL('./src/', import.meta.url)) } },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    testTimeout: 15000,
  },
});
