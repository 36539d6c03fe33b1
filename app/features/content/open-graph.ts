/**
 * Page-level Open Graph tags for a route's `meta` (root adds og:site_name, og:locale, a default og:image and
 * twitter:card to every page). Use with the page's canonical URL.
 */
export function openGraphMeta(page: {
  title: string;
  description?: string;
  url: string;
  type?: 'website' | 'article';
  image?: string | null;
  origin?: string;
}) {
  const tags: Record<string, string>[] = [
    { property: 'og:title', content: page.title },
    { property: 'og:type', content: page.type ?? 'website' },
    { property: 'og:url', content: page.url },
  ];
  if (page.description) {
    tags.push({ property: 'og:description', content: page.description });
    tags.push({ name: 'description', content: page.description });
  }
  if (page.image)
    tags.push({
      property: 'og:image',
      content: page.image.startsWith('http') ? page.image : `${page.origin ?? ''}${page.image}`,
    });
  return tags;
}

/** A JSON-LD script for a route's `meta` (React Router escapes `<` so content cannot close the element). */
export function jsonLdMeta(value: Record<string, unknown>) {
  return { 'script:ld+json': value };
}
