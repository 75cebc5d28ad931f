declare module '*.md' {
  /** The document rendered to HTML at build time (see build/markdown-plugin.ts). */
  const html: string;
  export default html;
}
