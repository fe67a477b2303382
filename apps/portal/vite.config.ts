import preact from '@preact/preset-vite';
import { defineConfig } from 'vite';

// Served by the gateway under /portal (apps/gateway/src/portal): every asset is asked for there,
// with a content hash in its name, so it may be cached for good. No inline script or style is
// emitted (the gateway's Content-Security-Policy allows none), and nothing is fetched from elsewhere.
export default defineConfig({
  base: '/portal/',
  plugins: [preact()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    sourcemap: false,
  },
});
