import { defineConfig } from 'vite';

// The widget build (IIFE + ESM) lands with the widget issue; until then Vite has nothing to build.
export default defineConfig({});
