// The web app's build: React through Vite's built-in JSX transform (no plugin), hashed assets under
// assets/, no source maps in the output the gateway serves. tools/build-web.js runs it and measures it.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

export default defineConfig({
  root: import.meta.dirname,
  base: '/',
  oxc: { jsx: { runtime: 'automatic' } },
  // The limits the API enforces, read from the contracts (plain constants: nothing else comes along).
  resolve: {
    alias: { '@pc/contracts': fileURLToPath(new URL('../../libs/contracts/src/index.ts', import.meta.url)) },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    emptyOutDir: true,
    assetsInlineLimit: 0,
    rolldownOptions: {
      // A dependency's "use client" (React Server Components) means nothing to a bundle for the browser;
      // the bundler says so for each such file, a screenful at the first `npm start`. Other warnings stay.
      onwarn(warning, warn) {
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE' && /"use client"/.test(warning.message)) return;
        warn(warning);
      },
    },
  },
  server: { proxy: { '/api': 'http://127.0.0.1:3000', '/health': 'http://127.0.0.1:3000' } },
});
