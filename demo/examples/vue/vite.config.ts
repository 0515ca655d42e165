import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'vite';

export default defineConfig({
  // <pay-checkout> is a custom element, not a Vue component: Vue must leave it to the browser.
  plugins: [vue({ template: { compilerOptions: { isCustomElement: (tag) => tag === 'pay-checkout' } } })],
});
