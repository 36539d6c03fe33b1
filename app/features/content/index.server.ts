/** What other features use of content: the one safe Markdown renderer (the article and page editors' preview). */
export { renderMarkdown } from './markdown.server.ts';
