// `custom-elements.json` from the class's JSDoc tags: public API only, paths of the published files.
const published = (path) => `dist/${path.replace(/^\.?\//, '').replace(/\.ts$/, '.js')}`;

export default {
  globs: ['index.ts', 'element/pay-checkout.ts', 'element/events.ts'],
  litelement: true,
  plugins: [
    {
      name: 'pay-checkout-public-api',
      packageLinkPhase({ customElementsManifest }) {
        for (const module of customElementsManifest.modules) {
          module.path = published(module.path);
          for (const declaration of module.declarations ?? []) {
            const isPublic = (member) => member.privacy !== 'private' && !member.name.startsWith('_');
            if (declaration.members) declaration.members = declaration.members.filter(isPublic);
            if (declaration.attributes) declaration.attributes = declaration.attributes.filter(isPublic);
          }
          for (const entry of module.exports ?? []) {
            if (entry.declaration.module) entry.declaration.module = published(entry.declaration.module);
          }
        }
      },
    },
  ],
};
