import type { MarkdownRenderer } from 'vitepress';

/**
 * A ```mermaid fence becomes a <MermaidDiagram> (theme/MermaidDiagram.vue), which draws it in the browser: mermaid
 * needs a DOM to measure text, so it cannot run at build time. The source is URI-encoded so that neither the HTML
 * parser nor Vue's template compiler (`{{ }}`) reads into it.
 */
export function mermaidFence(md: MarkdownRenderer): void {
  const highlightedFence = md.renderer.rules.fence!;
  md.renderer.rules.fence = (tokens, index, options, env, self) => {
    const token = tokens[index]!;
    if (token.info.trim() !== 'mermaid') return highlightedFence(tokens, index, options, env, self);
    return `<MermaidDiagram source="${encodeURIComponent(token.content)}" />\n`;
  };
}
