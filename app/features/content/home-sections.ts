/** The six sections of spec point 1, each linking to a matching search. */
export type HomeSection = { id: string; title: string; description: string; href: string };

export const HOME_SECTIONS: HomeSection[] = [
  {
    id: 'sales',
    title: 'Sales',
    description: 'Homes for sale across our branches, from flats to country houses.',
    href: '/search?channel=sales',
  },
  {
    id: 'lettings',
    title: 'Lettings',
    description: 'Houses and flats to rent, managed by our lettings teams.',
    href: '/search?channel=lettings',
  },
  {
    id: 'auctions',
    title: 'Auctions',
    description: 'Lots in our forthcoming property auctions.',
    href: '/search?channel=sales&tags=auction',
  },
  {
    id: 'agriculture',
    title: 'Agriculture',
    description: 'Farms, land and rural holdings.',
    href: '/search?channel=sales&propertyType=land',
  },
  {
    id: 'antiques',
    title: 'Antiques',
    description: 'Antiques and fine art sales held at our salerooms.',
    // Antiques are sold by the branches' antiques departments, not listed as properties: the section lists those.
    href: '/branches?department=antiques',
  },
  {
    id: 'professional-services',
    title: 'Professional services',
    description: 'Commercial property, surveys and valuations.',
    href: '/search?channel=sales&propertyType=commercial',
  },
];
