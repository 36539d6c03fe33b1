import { data, useLocation, useNavigate } from 'react-router';
import type { Route } from './+types/property-video';
import { Modal } from '../../components/modal.tsx';
import { modalPath, propertyPath } from '../../features/properties/property-links.ts';
import { listPropertyMedia } from '../../features/properties/property-page.ts';
import { getPropertyVideos } from '../../features/properties/property-page.server.ts';
import { VIDEO_FORMAT_NOT_SUPPORTED } from '../../features/properties/video-links.ts';
import { getDb } from '../../lib/db.server.ts';
import { modalMeta } from './property-modal-meta.ts';
import '../../features/properties/property-modals.css';

/** /video/:id: one video or virtual tour of the property, with previous/next through the others. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const property = await getPropertyVideos(getDb(), params.slug);
  if (!property) throw data('Property not found', { status: 404 });
  const media = listPropertyMedia(property.videos, (url) =>
    context.logger.warn({ slug: params.slug, url, requestId: context.requestId }, VIDEO_FORMAT_NOT_SUPPORTED),
  );
  const index = media.findIndex((item) => item.id === params.id);
  const result = { media, index, displayAddress: property.displayAddress };
  return index === -1 ? data(result, { status: 404 }) : result;
}

export const meta = modalMeta<Route.MetaArgs>((loaderData) => {
  const item = loaderData?.media[loaderData.index];
  return loaderData ? `${item?.description ?? 'Video'} | ${loaderData.displayAddress}` : undefined;
});

export default function PropertyVideoModal({ loaderData, params }: Route.ComponentProps) {
  const { media, index } = loaderData;
  const navigate = useNavigate();
  const location = useLocation();
  const item = media[index];
  const closeTo = propertyPath(params.slug);
  const go = (target: number) => {
    const next = media[target];
    if (next)
      void navigate(modalPath.video(params.slug, next.id), {
        replace: true,
        preventScrollReset: true,
        state: location.state,
      });
  };
  if (!item) {
    return (
      <Modal title="Video" closeTo={closeTo} size="small">
        <p className="modal-message">
          {media.length > 0
            ? 'We could not find that video or virtual tour. Choose one of the links on the property page.'
            : 'There are no videos or virtual tours of this property.'}
        </p>
      </Modal>
    );
  }
  return (
    <Modal title={item.description} closeTo={closeTo} size="large">
      <div className="video-frame">
        <iframe
          key={item.url}
          src={item.url}
          title={`${item.description}: ${loaderData.displayAddress}`}
          allow="fullscreen; picture-in-picture; xr-spatial-tracking"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      </div>
      {media.length > 1 ? (
        <div className="video-steps">
          <button type="button" className="button" disabled={index === 0} onClick={() => go(index - 1)}>
            Previous
          </button>
          <p className="video-steps__count">{`${index + 1} / ${media.length}`}</p>
          <button type="button" className="button" disabled={index === media.length - 1} onClick={() => go(index + 1)}>
            Next
          </button>
        </div>
      ) : null}
      <p className="video-source">
        <a href={item.sourceUrl} target="_blank" rel="noopener noreferrer">
          {`Open ${item.kind === 'tour' ? 'the tour' : 'the video'} in a new tab`}
        </a>
      </p>
    </Modal>
  );
}
