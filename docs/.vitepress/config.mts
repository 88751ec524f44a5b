import { defineConfig } from 'vitepress';
import { capturePageMarkdown, writeLlmsFiles } from './llms.mts';
import { mermaidFence } from './mermaid-fence.mts';
import { sidebar } from './sidebar.mts';

// A GitHub Pages project site is served under /<repository>/: DOCS_BASE=/<repository>/ npm run docs:build.
const base = process.env.DOCS_BASE ?? '/';
const description = 'A compiler that writes complete, tested REST APIs into Laravel 12 and 13 applications.';

export default defineConfig({
  title: 'fullapi',
  description,
  base,
  // Without an icon, browsers ask for /favicon.ico, which the site does not have; head links are not prefixed with the base.
  head: [['link', { rel: 'icon', type: 'image/svg+xml', href: `${base}logo.svg` }]],
  cleanUrls: true,
  // Git dates would make two builds of the same sources differ, and a shallow CI clone would date every page alike.
  lastUpdated: false,
  // The local search index lists pages in the order their indexing finishes: one at a time, that is the order of
  // the pages, the same on every build (VitePress indexes 64 at once by default).
  buildConcurrency: 1,
  vite: {
    // mermaid's own chunks (up to ~700 kB) are the only ones above Vite's 500 kB, and load only on a page with a diagram.
    build: { chunkSizeWarningLimit: 800 },
  },
  markdown: {
    config(md) {
      mermaidFence(md);
      capturePageMarkdown(md);
    },
  },
  themeConfig: {
    logo: '/logo.svg',
    nav: [
      { text: 'Guide', link: '/guide/getting-started', activeMatch: '^/guide/' },
      { text: 'Reference', link: '/reference/options', activeMatch: '^/reference/' },
      { text: 'Contributing', link: '/contributing/', activeMatch: '^/contributing/' },
    ],
    sidebar,
    search: { provider: 'local' },
    outline: 'deep',
  },
  async buildEnd(siteConfig) {
    await writeLlmsFiles(siteConfig, { title: 'fullapi', description });
  },
});
