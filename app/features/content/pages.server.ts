import { eq } from 'drizzle-orm';
import { pages } from '../../../db/schema/index.ts';
import type { Database } from '../../lib/db.server.ts';
import { renderMarkdown } from './markdown.server.ts';

/** A static page with its Markdown rendered safely, and its title and description for search engines. */
export async function getPageBySlug(
  db: Database,
  slug: string,
): Promise<{ title: string; html: string; updatedAt: Date; seoTitle: string; seoDescription: string } | null> {
  const [page] = await db.select().from(pages).where(eq(pages.slug, slug)).limit(1);
  if (!page) return null;
  return {
    title: page.title,
    html: renderMarkdown(page.bodyMarkdown),
    updatedAt: page.updatedAt,
    seoTitle: page.seoTitle || page.title,
    seoDescription: page.seoDescription,
  };
}
