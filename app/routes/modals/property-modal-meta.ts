import type { MetaDescriptor } from 'react-router';

/**
 * Modal routes keep the property page's meta (canonical, sharing tags, structured data: the modal is a view of
 * that page) and set their own title.
 */
export function modalMeta<Args extends { loaderData: unknown; matches: unknown }>(
  titleFor: (loaderData: Args['loaderData']) => string | undefined,
) {
  return (args: Args): MetaDescriptor[] => {
    const matches = args.matches as ({ id: string; meta?: MetaDescriptor[] } | undefined)[];
    const parent = matches.find((match) => match?.id === 'routes/public/property');
    const inherited = (parent?.meta ?? []).filter((descriptor) => !('title' in descriptor));
    const title = titleFor(args.loaderData);
    return title ? [{ title }, ...inherited] : inherited;
  };
}
