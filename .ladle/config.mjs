/**
 * Ladle, the component browser for dashboard-kit: `pnpm ladle` serves it, `pnpm ladle:build`
 * writes a static copy to build/ladle (git-ignored). Stories are each component's
 * `*.stories.tsx`, and its `*.stories.mdx` usage note.
 * @type {import('@ladle/react').UserConfig}
 */
export default {
  stories: 'packages/dashboard-kit/src/**/*.stories.{tsx,mdx}',
  viteConfig: '.ladle/vite.config.ts',
  outDir: 'build/ladle',
  // Each component's usage note (its Component.stories.mdx, story id `...--usage`) comes first.
  // Ladle serialises this function: it must not use anything from outside it.
  storyOrder: (stories) => {
    const notes = new Set(stories.filter((id) => id.endsWith('--usage')));
    const ordered = [];
    for (const id of stories) {
      if (notes.has(id)) continue;
      const note = `${id.slice(0, id.lastIndexOf('--'))}--usage`;
      if (notes.delete(note)) ordered.push(note);
      ordered.push(id);
    }
    return [...ordered, ...notes];
  },
  addons: {
    // The product's default theme is dark; the switch drives the kit's ThemeProvider (see components.tsx).
    theme: { enabled: true, defaultState: 'dark' },
    a11y: { enabled: true },
    width: {
      enabled: true,
      options: { phone: 375, xsmall: 414, small: 640, tablet: 768, large: 1024 },
      defaultState: 0,
    },
  },
};
