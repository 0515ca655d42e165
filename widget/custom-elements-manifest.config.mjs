// `custom-elements.json` from the class's JSDoc tags: public API only, in the one published script.
const ENTRY = 'dist/index.js';

export default {
  globs: ['index.ts', 'element/pay-checkout.ts', 'element/events.ts'],
  litelement: true,
  plugins: [
    {
      name: 'pay-checkout-public-api',
      packageLinkPhase({ customElementsManifest }) {
        for (const module of customElementsManifest.modules) {
          for (const declaration of module.declarations ?? []) {
            const isPublic = (member) => member.privacy !== 'private' && !member.name.startsWith('_');
            if (declaration.members) declaration.members = declaration.members.filter(isPublic);
            if (declaration.attributes) declaration.attributes = declaration.attributes.filter(isPublic);
          }
        }
        // The package ships one script, dist/index.js (vite.package.config.ts bundles the modules into it):
        // every declaration and export is that file's.
        const declarations = customElementsManifest.modules.flatMap((module) => module.declarations ?? []);
        const exports = new Map();
        for (const module of customElementsManifest.modules)
          for (const entry of module.exports ?? [])
            if (entry.name !== '*')
              exports.set(`${entry.kind} ${entry.name}`, {
                ...entry,
                declaration: { ...entry.declaration, module: ENTRY },
              });
        customElementsManifest.modules = [
          { kind: 'javascript-module', path: ENTRY, declarations, exports: [...exports.values()] },
        ];
      },
    },
  ],
};
