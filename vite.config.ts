import { reactRouter } from '@react-router/dev/vite';
import { defineConfig, type Plugin } from 'vite';
import path from 'node:path';

/**
 * Every module the root route imports statically (the header, footer, toasts, saved-items store…) loads on every
 * page. The automatic split cuts them into a dozen small files by which routes share them; gathered into one file
 * they compress better. The set is read from the module graph once it is complete, so it follows the code.
 */
function rootModulesGroup() {
  const rootModules = new Set<string>();
  const plugin: Plugin = {
    name: 'doorstep:root-modules',
    apply: 'build',
    buildEnd() {
      const queue = [...this.getModuleIds()].filter((id) => /[\\/]app[\\/]root\.tsx(\?|$)/.test(id));
      for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
        if (rootModules.has(id) || id.includes('node_modules')) continue;
        rootModules.add(id);
        queue.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
  };
  return { plugin, group: { name: 'root-shared', test: (id: string) => rootModules.has(id) } };
}

export default defineConfig(({ isSsrBuild }) => {
  const root = rootModulesGroup();
  return {
    plugins: [reactRouter(), ...(isSsrBuild ? [] : [root.plugin])],
    resolve: { alias: { '~': path.resolve(import.meta.dirname, 'app') } },
    build: {
      assetsInlineLimit: 0,
      // The server build starts at our own server entry, which imports React Router's server build: the HTTP server
      // and the app become one bundle (build/server/index.js) and share every module.
      ...(isSsrBuild
        ? { rollupOptions: { input: './server/main.ts' } }
        : {
            rolldownOptions: {
              output: {
                codeSplitting: {
                  groups: [
                    // React, React DOM and React Router load on every page together: one file compresses better
                    // than the five the automatic split makes of them.
                    {
                      name: 'framework',
                      test: /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
                      priority: 2,
                    },
                    { ...root.group, priority: 1 },
                  ],
                },
              },
            },
          }),
    },
  };
});
