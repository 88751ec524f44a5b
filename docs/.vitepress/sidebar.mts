import type { DefaultTheme } from 'vitepress';

/**
 * Every page of the site, in reading order: llms.txt lists the pages in this order, and `npm run docs:check` fails on a
 * page built but not listed here, or listed here but not built.
 */
export const sidebar: DefaultTheme.SidebarItem[] = [
  { text: 'Getting started', items: [{ text: 'Getting started', link: '/guide/getting-started' }] },
  {
    text: 'Inputs',
    items: [
      { text: 'Fields', link: '/guide/inputs/fields' },
      { text: 'Schema files', link: '/guide/inputs/schema-files' },
      { text: 'Mermaid diagrams', link: '/guide/inputs/mermaid' },
      { text: 'An existing database', link: '/guide/inputs/database' },
      { text: 'OpenAPI documents', link: '/guide/inputs/openapi' },
      { text: 'The wizard', link: '/guide/inputs/wizard' },
    ],
  },
  {
    text: 'The generated API',
    items: [
      { text: 'Endpoints', link: '/guide/api/endpoints' },
      { text: 'Query string', link: '/guide/api/query-string' },
      { text: 'Errors', link: '/guide/api/errors' },
      { text: 'Authentication and owners', link: '/guide/api/auth' },
      { text: 'Limits', link: '/guide/api/limits' },
      { text: 'What is written', link: '/guide/what-is-written' },
    ],
  },
  {
    text: 'Living with generated code',
    items: [
      { text: 'Regenerating', link: '/guide/regenerating' },
      { text: 'Hand edits and merges', link: '/guide/hand-edits' },
      { text: 'Adding fields', link: '/guide/add-fields' },
      { text: 'Schema changes', link: '/guide/schema-changes' },
      { text: 'Deleting', link: '/guide/deleting' },
      { text: 'Errors and safety', link: '/guide/safety' },
    ],
  },
  {
    text: 'Customising',
    items: [
      { text: 'Stubs', link: '/guide/stubs' },
      { text: 'Configuration', link: '/guide/config' },
    ],
  },
  {
    text: 'Beyond the terminal',
    items: [
      { text: 'Artisan', link: '/guide/artisan' },
      { text: 'Agents (MCP, Boost)', link: '/guide/agents' },
      { text: 'Editors (language server)', link: '/guide/editor' },
      { text: 'CI', link: '/guide/ci' },
      { text: 'Editor setup', link: '/guide/editor-setup' },
    ],
  },
  {
    text: 'Moving to fullapi',
    items: [
      { text: 'Upgrading from the PHP generator', link: '/guide/upgrading-from-the-php-generator' },
      { text: 'Comparison', link: '/guide/comparison' },
    ],
  },
  {
    text: 'Reference',
    items: [
      { text: 'Options', link: '/reference/options' },
      { text: 'Artifacts', link: '/reference/artifacts' },
      { text: 'One entity', link: '/reference/one-entity' },
      { text: 'Diagnostic codes', link: '/reference/codes' },
      { text: 'JSON output', link: '/reference/json-output' },
      { text: 'Schema file', link: '/reference/schema-file' },
      { text: 'Stubs', link: '/reference/stubs' },
      { text: 'Mermaid grammar', link: '/reference/mermaid-grammar' },
    ],
  },
  {
    text: 'Contributing',
    items: [
      { text: 'Contributing', link: '/contributing/' },
      { text: 'Testing', link: '/contributing/testing' },
      { text: 'Benchmarks', link: '/contributing/benchmarks' },
      { text: 'Layout', link: '/contributing/layout' },
    ],
  },
];
