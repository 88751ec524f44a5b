import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { DefaultTheme, MarkdownRenderer, SiteConfig } from 'vitepress';

/** What llms.txt and llms-full.txt need of one page, as VitePress rendered it. */
interface PageMarkdown {
  title: string;
  description: string;
  /** The Markdown after VitePress resolved its `<!--@include:-->`s (generated sections), without frontmatter. */
  content: string;
}

interface Env {
  relativePath?: string;
  content?: string;
  title?: string;
  frontmatter?: Record<string, unknown>;
  firstParagraph?: string;
}

/** Filled while the build renders each page, read by writeLlmsFiles at its end: both run in the one build process. */
const renderedPages = new Map<string, PageMarkdown>();

/**
 * Records each page's Markdown as VitePress renders it, so that llms-full.txt carries what the site shows, included
 * files too, rather than the source files read again and their includes resolved a second, different way.
 */
export function capturePageMarkdown(md: MarkdownRenderer): void {
  md.core.ruler.push('first_paragraph', (state) => {
    const opening = state.tokens.findIndex((token) => token.type === 'paragraph_open');
    const env = state.env as Env;
    if (opening >= 0 && env.firstParagraph === undefined) env.firstParagraph = state.tokens[opening + 1]?.content ?? '';
  });
  const render = md.render.bind(md);
  md.render = (src, env: Env = {}) => {
    const html = render(src, env);
    if (env.relativePath !== undefined && env.content !== undefined) {
      const frontmatter = env.frontmatter ?? {};
      renderedPages.set(env.relativePath, {
        title: stringOr(frontmatter.title, env.title ?? ''),
        description: oneLine(stringOr(frontmatter.description, env.firstParagraph ?? '')),
        content: env.content.trim(),
      });
    }
    return html;
  };
}

function stringOr(value: unknown, fallback: string): string {
  return typeof value === 'string' && value.trim() !== '' ? value : fallback;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** The page's address under the site root, as the sidebar writes it: guide/a.md is /guide/a, guide/index.md /guide/. */
function pageLink(relativePath: string): string {
  return `/${relativePath.replace(/\.md$/, '').replace(/(^|\/)index$/, '$1')}`;
}

function markdownPath(link: string): string {
  return link.endsWith('/') ? `${link}index.md` : `${link}.md`;
}

function sidebarGroups(items: DefaultTheme.SidebarItem[], heading = ''): { heading: string; links: string[] }[] {
  const links = items.flatMap((item) => (item.link ? [item.link] : []));
  const own = links.length > 0 ? [{ heading, links }] : [];
  return [...own, ...items.flatMap((item) => sidebarGroups(item.items ?? [], item.text ?? heading))];
}

/**
 * llms.txt (https://llmstxt.org): the site's title, summary, and every page with a one-line description, in sidebar
 * order, each linked to a copy of its Markdown beside its HTML; llms-full.txt: every page's Markdown, in that order.
 */
export async function writeLlmsFiles(siteConfig: SiteConfig, site: { title: string; description: string }): Promise<void> {
  const pages = new Map<string, PageMarkdown>();
  for (const relativePath of [...siteConfig.pages].sort()) {
    const page = renderedPages.get(relativePath);
    if (!page) throw new Error(`llms.txt: ${relativePath} was not rendered by this build`);
    pages.set(pageLink(relativePath), page);
  }
  pages.delete('/');
  const sidebar = (siteConfig.site.themeConfig as DefaultTheme.Config).sidebar as DefaultTheme.SidebarItem[];
  const groups = sidebarGroups(sidebar);
  const inSidebar = new Set(groups.flatMap((group) => group.links));
  const others = [...pages.keys()].filter((link) => !inSidebar.has(link));
  if (others.length > 0) groups.push({ heading: 'Other pages', links: others });

  const base = siteConfig.site.base;
  const url = (link: string) => `${base}${markdownPath(link).slice(1)}`;
  const index = [`# ${site.title}`, '', `> ${site.description}`, ''];
  const full = [`# ${site.title}`, '', `> ${site.description}`, ''];
  for (const group of groups) {
    index.push(`## ${group.heading}`, '');
    for (const link of group.links) {
      const page = pages.get(link);
      if (!page) continue;
      index.push(`- [${page.title}](${url(link)})${page.description ? `: ${page.description}` : ''}`);
      full.push('---', '', `Source: ${url(link)}`, '', page.content, '');
      const copy = join(siteConfig.outDir, markdownPath(link));
      await mkdir(dirname(copy), { recursive: true });
      await writeFile(copy, `${page.content}\n`);
    }
    index.push('');
  }
  await writeFile(join(siteConfig.outDir, 'llms.txt'), `${index.join('\n').trimEnd()}\n`);
  await writeFile(join(siteConfig.outDir, 'llms-full.txt'), `${full.join('\n').trimEnd()}\n`);
}
