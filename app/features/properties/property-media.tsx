/** The property page's photos and media: the hero, the media links, the brochure's print-only photos, galleries. */
import { ModalLink } from '../../components/modal-link.tsx';
import { responsiveImage } from './gallery-model.ts';
import type { PropertyDetails } from './property-details-types.ts';
import { imageUrlWithSize, plural } from './property-display.ts';
import { modalPath, type GalleryKind } from './property-links.ts';

/** The hero photo spans the main column (≈ 800 px on desktop, the full width on phones). */
export const HERO_SIZES = '(min-width: 1232px) 790px, (min-width: 900px) 66vw, 100vw';
const SIDE_SIZES = '(min-width: 1232px) 390px, (min-width: 900px) 33vw, 1px';

const GALLERY_KIND_SET = new Set<string>([
  'agricultural-sales-event',
  'antiques-sales-event',
  'property-auction-sales-event',
  'history-images',
]);

export function MediaHero({ property }: { property: PropertyDetails }) {
  const [first, second, third] = property.photos;
  const photosHref = modalPath.photos(property.slug);
  if (!first) {
    return (
      <div className="property-hero property-hero--empty">
        <p>Photos coming soon</p>
      </div>
    );
  }
  const hero = responsiveImage(first.url, HERO_SIZES);
  return (
    <div className={`property-hero${second ? '' : ' property-hero--single'}`}>
      <ModalLink to={photosHref} className="property-hero__main">
        <img
          {...hero}
          alt={first.imageAlt}
          width={first.width ?? 1600}
          height={first.height ?? 1067}
          fetchPriority="high"
          loading="eager"
          decoding="async"
        />
      </ModalLink>
      {[second, third].map((photo, offset) =>
        photo ? (
          <ModalLink key={photo.url + offset} to={`${photosHref}?image=${offset + 2}`} className="property-hero__side">
            <img
              {...responsiveImage(photo.url, SIDE_SIZES)}
              alt={photo.imageAlt}
              width={photo.width ?? 1600}
              height={photo.height ?? 1067}
              loading="lazy"
              decoding="async"
            />
          </ModalLink>
        ) : null,
      )}
    </div>
  );
}

export function MediaLinks({ property }: { property: PropertyDetails }) {
  const links: { key: string; href: string; text: string }[] = [];
  if (property.photos.length > 0)
    links.push({
      key: 'photos',
      href: modalPath.photos(property.slug),
      text: `View all ${plural(property.photos.length, 'photo', 'photos')}`,
    });
  if (property.floorplanCount > 0)
    links.push({
      key: 'floorplan',
      href: modalPath.floorplan(property.slug),
      text: property.floorplanCount > 1 ? 'Floorplans' : 'Floorplan',
    });
  if (property.epcChartCount > 0)
    links.push({ key: 'epc', href: modalPath.epcChart(property.slug), text: 'EPC chart' });
  for (const item of property.media)
    links.push({ key: `media-${item.id}`, href: modalPath.video(property.slug, item.id), text: item.description });
  if (links.length === 0) return null;
  return (
    <nav className="property-media-links" aria-label="Photos, plans and tours">
      <ul>
        {links.map((link) => (
          <li key={link.key}>
            <ModalLink to={link.href} className="chip-link">
              {link.text}
            </ModalLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A 1-pixel placeholder for the screen: the brochure's images load only when the page is printed. */
const BLANK_GIF = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

/** More photos and the floorplan for the printed brochure, fetched only for print media (picture sources). */
export function PrintOnlyMedia({ property }: { property: PropertyDetails }) {
  const photos = property.photos.slice(3, 7);
  const floorplan = property.firstFloorplan;
  if (photos.length === 0 && !floorplan) return null;
  return (
    <div className="print-only print-brochure-media">
      {photos.map((photo, index) => (
        <picture key={photo.url + index}>
          <source media="print" srcSet={imageUrlWithSize(photo.url, 414)} />
          <img src={BLANK_GIF} alt={photo.imageAlt} width={414} height={276} />
        </picture>
      ))}
      {floorplan ? (
        <picture className="print-brochure-media__floorplan">
          <source media="print" srcSet={imageUrlWithSize(floorplan.url, 768)} />
          <img src={BLANK_GIF} alt={floorplan.imageAlt || 'Floorplan'} width={768} height={512} />
        </picture>
      ) : null}
    </div>
  );
}

export function Galleries({ property }: { property: PropertyDetails }) {
  if (property.galleries.length === 0) return null;
  return (
    <section className="property-section" aria-labelledby="galleries-title">
      <h2 id="galleries-title">More galleries</h2>
      <ul className="gallery-cards">
        {property.galleries.map((gallery) => {
          const href = GALLERY_KIND_SET.has(gallery.kind)
            ? modalPath.gallery(property.slug, gallery.kind as GalleryKind, gallery.id)
            : modalPath.galleryCard(property.slug, gallery.id, 1);
          return (
            <li key={gallery.id} className="gallery-card">
              {gallery.cover ? (
                <img
                  src={imageUrlWithSize(gallery.cover.url, 414)}
                  alt=""
                  width={414}
                  height={276}
                  loading="lazy"
                  decoding="async"
                />
              ) : null}
              <ModalLink to={href} className="gallery-card__link">
                {gallery.title}
              </ModalLink>
              <p className="gallery-card__count">{plural(gallery.count, 'image', 'images')}</p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
