/**
 * A listing's photos and files in the back office (/admin/listings/:id/media, docs/decisions/033-media-manager.md).
 * Every change is its own small form post carrying the version the page was loaded at, so the page works without
 * JavaScript; with it, files can be dropped on the upload zone (with progress) and photos dragged into a new order.
 * The Move up and Move down buttons are the keyboard's way to reorder, and focus comes back to the button pressed.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { ErrorSummary, fieldId } from '../../components/form-fields.tsx';
import { CsrfField, useSubmitOnce } from '../../components/form/form-parts.tsx';
import { UploadDropZone } from '../../components/upload-drop-zone.tsx';
import { useIsHydrated } from '../../components/use-is-hydrated.ts';
import { imageUrlWithSize } from '../properties/index.ts';
import { CARD_IMAGE } from '../media/index.ts';
import {
  IMAGE_KINDS,
  MAX_FILES_PER_UPLOAD,
  imageKindLabels,
  type ImageKind,
  type ListingMedia,
} from './listing-media-model.ts';
import './listing-editor.css';

type MediaViewProps = {
  listing: {
    id: number;
    slug: string;
    version: number;
    reference: string;
    displayAddress: string;
    isPublished: boolean;
    source: string | null;
    siteHidden: boolean;
    siteFeatured: boolean;
  };
  media: ListingMedia;
  notice: string | null;
  focus: string | null;
  count: number;
  actionErrors: { field: string; message: string }[];
};

const NOTICES: Record<string, string> = {
  saved: 'Saved. The site shows the change now.',
  unchanged: 'Nothing was changed.',
  featured: 'Saved. The featured listings show the change now.',
  hidden: 'Saved. The site shows the change now.',
};

function SmallForm({
  intent,
  version,
  children,
  className,
}: {
  intent: string;
  version: number;
  children: ReactNode;
  className?: string;
}) {
  const submitOnce = useSubmitOnce();
  return (
    <form method="post" onSubmit={submitOnce.onSubmit} className={className}>
      <CsrfField />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="version" value={String(version)} />
      {children}
    </form>
  );
}

type ImageItem = ListingMedia['photos'][number];

function ImageCard({
  image,
  index,
  total,
  kind,
  version,
  isImported,
}: {
  image: ImageItem;
  index: number;
  total: number;
  kind: ImageKind;
  version: number;
  isImported: boolean;
}) {
  const position = `${imageKindLabels[kind]} ${index + 1} of ${total}`;
  // An imported listing's feed owns its plans and charts: only its photos' order is the site's own.
  const canMove = !isImported || kind === 'photo';
  return (
    <>
      <img
        src={imageUrlWithSize(image.url, CARD_IMAGE.width, CARD_IMAGE.height)}
        alt={image.imageAlt}
        width={240}
        height={147}
        className="media-item__image"
        draggable={false}
      />
      <div className="media-item__body">
        <p className="media-item__position">
          {position}
          {kind === 'photo' && index === 0 ? <strong> · Main photo</strong> : null}
        </p>
        {image.caption ? <p>{image.caption}</p> : null}
        <div className="media-item__actions">
          {canMove && index > 0 ? (
            <SmallForm intent="move" version={version}>
              <input type="hidden" name="item" value={image.url} />
              <input type="hidden" name="direction" value="up" />
              <button
                type="submit"
                className="admin-button admin-button--secondary"
                data-focus-key={`up:${image.url}`}
                aria-label={`Move up: ${position}`}
              >
                Move up
              </button>
            </SmallForm>
          ) : null}
          {canMove && index < total - 1 ? (
            <SmallForm intent="move" version={version}>
              <input type="hidden" name="item" value={image.url} />
              <input type="hidden" name="direction" value="down" />
              <button
                type="submit"
                className="admin-button admin-button--secondary"
                data-focus-key={`down:${image.url}`}
                aria-label={`Move down: ${position}`}
              >
                Move down
              </button>
            </SmallForm>
          ) : null}
          {kind === 'photo' && index > 0 ? (
            <SmallForm intent="main" version={version}>
              <input type="hidden" name="item" value={image.url} />
              <button
                type="submit"
                className="admin-button admin-button--secondary"
                data-focus-key={`main:${image.url}`}
                aria-label={`Make main photo: ${position}`}
              >
                Make main photo
              </button>
            </SmallForm>
          ) : null}
        </div>
        {isImported ? null : (
          <>
            <SmallForm intent="caption" version={version} className="media-item__row">
              <input type="hidden" name="item" value={image.url} />
              <label>
                Caption of {position.toLowerCase()}
                <input name="caption" defaultValue={image.caption ?? ''} maxLength={120} autoComplete="off" />
              </label>
              <button type="submit" className="admin-button admin-button--secondary">
                Save caption
              </button>
            </SmallForm>
            <SmallForm intent="kind" version={version} className="media-item__row">
              <input type="hidden" name="item" value={image.url} />
              <label>
                Show {position.toLowerCase()} as
                <select name="kind" defaultValue={kind}>
                  {IMAGE_KINDS.map((value) => (
                    <option key={value} value={value}>
                      {imageKindLabels[value]}
                    </option>
                  ))}
                </select>
              </label>
              <button type="submit" className="admin-button admin-button--secondary">
                Change
              </button>
            </SmallForm>
            <SmallForm intent="delete" version={version}>
              <input type="hidden" name="item" value={image.url} />
              <button type="submit" className="admin-button admin-button--secondary" aria-label={`Delete ${position}`}>
                Delete
              </button>
            </SmallForm>
          </>
        )}
      </div>
    </>
  );
}

/** One group of images: a list in order, dragged into a new order when scripts run (the buttons do it otherwise). */
function ImageGroup({
  title,
  kind,
  images,
  version,
  isImported,
}: {
  title: string;
  kind: ImageKind;
  images: ImageItem[];
  version: number;
  isImported: boolean;
}) {
  const [dragged, setDragged] = useState<number | null>(null);
  const [order, setOrder] = useState<string[] | null>(null);
  // Dragging needs the handlers below: before the scripts run (or without them) the pictures are not offered for
  // dragging and the hint does not mention it; the Move buttons post on their own.
  const hasScripts = useIsHydrated();
  const headingId = `media-${kind}-title`;
  if (images.length === 0 && kind !== 'photo') return null;
  const canMove = !isImported || kind === 'photo';
  const canDrag = canMove && hasScripts;
  function dropOn(target: number, form: HTMLFormElement | null) {
    if (dragged === null || dragged === target || !form) return;
    const urls = images.map((image) => image.url);
    const [moving] = urls.splice(dragged, 1);
    urls.splice(target, 0, moving!);
    // The hidden inputs are rendered from the new order before the post.
    flushSync(() => {
      setOrder(urls);
      setDragged(null);
    });
    form.requestSubmit();
  }
  const formId = `media-reorder-${kind}`;
  return (
    <section aria-labelledby={headingId} className="media-group">
      <h2 id={headingId}>{title}</h2>
      {images.length === 0 ? <p>No photos yet.</p> : null}
      {canMove && images.length > 1 ? (
        <p className="listing-muted">
          {hasScripts
            ? 'Drag a picture to a new place, or use its Move up and Move down buttons. The first photo is the main one.'
            : 'Use a picture’s Move up and Move down buttons to change the order. The first photo is the main one.'}
        </p>
      ) : null}
      {canDrag ? (
        <SmallForm intent="reorder" version={version}>
          <input type="hidden" name="kind" value={kind} />
          {(order ?? images.map((image) => image.url)).map((url) => (
            <input key={url} type="hidden" name="order[]" value={url} />
          ))}
          <button type="submit" hidden id={formId} tabIndex={-1}>
            Save order
          </button>
        </SmallForm>
      ) : null}
      <ol className="media-list">
        {images.map((image, index) => (
          <li
            key={image.url}
            className={`media-item${dragged === index ? ' media-item--dragged' : ''}`}
            draggable={canDrag && images.length > 1}
            onDragStart={(event) => {
              event.dataTransfer.effectAllowed = 'move';
              event.dataTransfer.setData('text/plain', image.url);
              setDragged(index);
            }}
            onDragEnd={() => setDragged(null)}
            onDragOver={(event) => {
              if (dragged !== null) event.preventDefault();
            }}
            onDrop={(event) => {
              event.preventDefault();
              dropOn(index, document.getElementById(formId)?.closest('form') ?? null);
            }}
          >
            <ImageCard
              image={image}
              index={index}
              total={images.length}
              kind={kind}
              version={version}
              isImported={isImported}
            />
          </li>
        ))}
      </ol>
    </section>
  );
}

/** Move up and Move down for an item of a list (the keyboard's and the no-script way to reorder). */
function MoveButtons({
  item,
  label,
  index,
  total,
  version,
}: {
  item: string;
  label: string;
  index: number;
  total: number;
  version: number;
}) {
  return (
    <>
      {(['up', 'down'] as const).map((direction) =>
        (direction === 'up' ? index > 0 : index < total - 1) ? (
          <SmallForm key={direction} intent="move" version={version}>
            <input type="hidden" name="item" value={item} />
            <input type="hidden" name="direction" value={direction} />
            <button
              type="submit"
              className="admin-button admin-button--secondary"
              data-focus-key={`${direction}:${item}`}
              aria-label={`Move ${direction}: ${label}`}
            >
              Move {direction}
            </button>
          </SmallForm>
        ) : null,
      )}
    </>
  );
}

function DocumentsAndLinks({ media, version }: { media: ListingMedia; version: number }) {
  return (
    <>
      <section aria-labelledby="media-documents-title" className="media-group">
        <h2 id="media-documents-title">Brochures</h2>
        {media.documents.length === 0 ? (
          <p>No brochures yet. Upload a PDF above to add one.</p>
        ) : (
          <ol className="media-list media-list--plain">
            {media.documents.map((document, index) => (
              <li key={document.url} className="media-item media-item--plain">
                <a href={document.url}>{document.title}</a>
                <div className="media-item__actions">
                  <MoveButtons
                    item={document.url}
                    label={document.title}
                    index={index}
                    total={media.documents.length}
                    version={version}
                  />
                  <SmallForm intent="delete" version={version}>
                    <input type="hidden" name="item" value={document.url} />
                    <button
                      type="submit"
                      className="admin-button admin-button--secondary"
                      aria-label={`Delete ${document.title}`}
                    >
                      Delete
                    </button>
                  </SmallForm>
                </div>
              </li>
            ))}
          </ol>
        )}
      </section>
      <section aria-labelledby="media-videos-title" className="media-group">
        <h2 id="media-videos-title">Virtual tours and videos</h2>
        {media.videos.length > 0 ? (
          <ol className="media-list media-list--plain">
            {media.videos.map((video, index) => (
              <li key={video.id} className="media-item media-item--plain">
                <span>
                  {video.kind === 'tour' ? 'Virtual tour' : 'Video'}:{' '}
                  <a href={video.url}>{video.description ?? video.url}</a>
                </span>
                <div className="media-item__actions">
                  <MoveButtons
                    item={video.id}
                    label={video.description ?? video.url}
                    index={index}
                    total={media.videos.length}
                    version={version}
                  />
                  <SmallForm intent="delete" version={version}>
                    <input type="hidden" name="item" value={video.id} />
                    <button
                      type="submit"
                      className="admin-button admin-button--secondary"
                      aria-label={`Delete ${video.description ?? video.url}`}
                    >
                      Delete
                    </button>
                  </SmallForm>
                </div>
              </li>
            ))}
          </ol>
        ) : null}
        <SmallForm intent="video" version={version} className="media-video-form">
          <label>
            Link to the tour or video
            <input
              id={fieldId('video_url')}
              name="video_url"
              type="url"
              inputMode="url"
              autoComplete="off"
              maxLength={500}
            />
          </label>
          <label>
            What it is
            <select name="video_kind" defaultValue="tour">
              <option value="tour">Virtual tour</option>
              <option value="video">Video</option>
            </select>
          </label>
          <label>
            Description (optional)
            <input name="description" maxLength={120} autoComplete="off" />
          </label>
          <button type="submit" className="admin-button">
            Add link
          </button>
        </SmallForm>
        <p className="listing-muted">
          YouTube, Vimeo and Google Drive videos, and tours from Matterport, Kuula, Giraffe360 and other supported
          providers.
        </p>
      </section>
    </>
  );
}

function SiteChoices({ listing }: { listing: MediaViewProps['listing'] }) {
  return (
    <section className="listing-panel" aria-labelledby="media-site-title">
      <h2 id="media-site-title">On this site</h2>
      <p>{listing.siteFeatured ? 'Featured: shown first among the featured listings.' : 'Not featured.'}</p>
      <SmallForm intent="featured" version={listing.version}>
        <input type="hidden" name="featured" value={listing.siteFeatured ? 'no' : 'yes'} />
        <button type="submit" className="admin-button admin-button--secondary">
          {listing.siteFeatured ? 'Stop featuring' : 'Feature this listing'}
        </button>
      </SmallForm>
      {listing.source ? (
        <>
          <p>
            {listing.siteHidden
              ? 'Hidden: kept off this site whatever the feed says.'
              : 'Shown on this site when its feed publishes it.'}
          </p>
          <SmallForm intent="hidden" version={listing.version}>
            <input type="hidden" name="hidden" value={listing.siteHidden ? 'no' : 'yes'} />
            <button type="submit" className="admin-button admin-button--secondary">
              {listing.siteHidden ? 'Show on the site again' : 'Hide from the site'}
            </button>
          </SmallForm>
        </>
      ) : null}
    </section>
  );
}

export function ListingMediaView(props: MediaViewProps) {
  const { listing, media, notice, actionErrors, focus } = props;
  const isImported = listing.source !== null;
  const message =
    notice === 'uploaded'
      ? `${props.count === 1 ? '1 file' : `${props.count} files`} uploaded. The site shows them now.`
      : notice
        ? NOTICES[notice]
        : undefined;

  useEffect(() => {
    if (!focus) return;
    const [direction] = focus.split(':', 1);
    const item = focus.slice((direction?.length ?? 0) + 1);
    const buttons = [...document.querySelectorAll<HTMLElement>('[data-focus-key]')];
    const target =
      buttons.find((button) => button.dataset.focusKey === focus) ??
      // At the top or bottom the pressed button is gone: the item's other move button takes focus.
      buttons.find((button) => button.dataset.focusKey?.endsWith(`:${item}`));
    target?.focus();
  }, [focus]);

  return (
    <>
      <p>
        <a href={`/admin/listings/${listing.id}`}>Back to the listing</a>
      </p>
      <h1>Photos and files</h1>
      <p>
        {listing.displayAddress} · Reference {listing.reference}
        {listing.isPublished ? (
          <>
            {' · '}
            <a href={`/properties/${listing.slug}`}>Open the public page</a>
          </>
        ) : null}
      </p>
      {message ? (
        <p className="admin-notice" role="status">
          {message}
        </p>
      ) : null}
      <ErrorSummary errors={actionErrors} />
      {isImported ? (
        <p className="listing-warning">
          Imported from the “{listing.source}” feed: its photos, plans, brochures and links come from the feed. The
          order of its photos, featured and hidden are this site’s own and the import keeps them.
        </p>
      ) : (
        <section aria-labelledby="media-upload-title" className="media-group">
          <h2 id="media-upload-title">Upload</h2>
          <UploadDropZone
            action={`/admin/listings/${listing.id}/media`}
            scriptedAction={`/admin/listings/${listing.id}/media/upload`}
            inputId={fieldId('files')}
            accept="image/jpeg,image/png,image/webp,image/gif,image/heic,application/pdf"
            label="Photos, floor plans, EPC charts or PDF brochures"
            hint={`Drop files here or choose them: up to ${MAX_FILES_PER_UPLOAD} at a time, each up to 25 MB. JPEG, PNG, WebP, GIF or HEIC images; PDF brochures.`}
            submitLabel="Upload"
          >
            <input type="hidden" name="version" value={String(listing.version)} />
            <label className="media-item__row">
              Upload the images as
              <select name="kind" defaultValue="photo">
                {IMAGE_KINDS.map((value) => (
                  <option key={value} value={value}>
                    {imageKindLabels[value]}s
                  </option>
                ))}
              </select>
            </label>
          </UploadDropZone>
        </section>
      )}
      <SiteChoices listing={listing} />
      <ImageGroup title="Photos" kind="photo" images={media.photos} version={listing.version} isImported={isImported} />
      <ImageGroup
        title="Floor plans"
        kind="floorplan"
        images={media.floorplans}
        version={listing.version}
        isImported={isImported}
      />
      <ImageGroup
        title="EPC charts"
        kind="epc"
        images={media.epcCharts}
        version={listing.version}
        isImported={isImported}
      />
      {isImported ? null : <DocumentsAndLinks media={media} version={listing.version} />}
    </>
  );
}
