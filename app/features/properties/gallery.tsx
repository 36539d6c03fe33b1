import { useEffect, useRef, useState } from 'react';
import {
  galleryAlt,
  galleryCounter,
  responsiveImage,
  stepIndex,
  swipeDirection,
  type GalleryImage,
} from './gallery-model.ts';
import { imageUrlWithSize } from './property-display.ts';
import './property-modals.css';

const STAGE_SIZES = '(min-width: 1240px) 1160px, 100vw';

/**
 * Image gallery for the gallery modal routes: one image at a time with its caption and 'n / total', previous and
 * next buttons, arrow keys and swipe; no autoplay. Thumbnails jump straight to an image.
 */
export function Gallery({
  images,
  label,
  initialIndex = 0,
}: {
  images: readonly GalleryImage[];
  /** What each image is, for alt text and button names: 'Photo', 'Floorplan', 'EPC chart', 'Image'. */
  label: string;
  initialIndex?: number;
}) {
  const [index, setIndex] = useState(() => Math.min(Math.max(0, initialIndex), Math.max(0, images.length - 1)));
  const stageRef = useRef<HTMLDivElement>(null);
  const count = images.length;
  const current = images[index];
  const move = (delta: number) => setIndex((value) => stepIndex(value, delta, count));

  useEffect(() => {
    if (count < 2) return;
    const onKeyDown = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, select, textarea, [role="tablist"]')) return;
      if (event.key === 'ArrowRight') {
        event.preventDefault();
        setIndex((value) => stepIndex(value, 1, count));
      } else if (event.key === 'ArrowLeft') {
        event.preventDefault();
        setIndex((value) => stepIndex(value, -1, count));
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [count]);

  useEffect(() => {
    const stage = stageRef.current;
    if (!stage || count < 2) return;
    let start: { x: number; y: number; id: number } | null = null;
    const onDown = (event: PointerEvent) => {
      if (event.pointerType === 'mouse') return;
      start = { x: event.clientX, y: event.clientY, id: event.pointerId };
    };
    const onUp = (event: PointerEvent) => {
      if (!start || start.id !== event.pointerId) return;
      const direction = swipeDirection(event.clientX - start.x, event.clientY - start.y);
      start = null;
      if (direction !== 0) setIndex((value) => stepIndex(value, direction, count));
    };
    const onCancel = () => {
      start = null;
    };
    stage.addEventListener('pointerdown', onDown);
    stage.addEventListener('pointerup', onUp);
    stage.addEventListener('pointercancel', onCancel);
    return () => {
      stage.removeEventListener('pointerdown', onDown);
      stage.removeEventListener('pointerup', onUp);
      stage.removeEventListener('pointercancel', onCancel);
    };
  }, [count]);

  if (!current) return <p>There are no images to show.</p>;
  const image = responsiveImage(current.url, STAGE_SIZES);
  return (
    <section className="gallery" aria-roledescription="carousel" aria-label={`${label} gallery`}>
      <div className="gallery__stage" ref={stageRef}>
        <img
          key={current.url + index}
          className="gallery__image"
          {...image}
          alt={galleryAlt(label, index, count, current.imageAlt)}
          width={current.width ?? 1600}
          height={current.height ?? 1067}
          decoding="async"
        />
        {count > 1 ? (
          <>
            <button type="button" className="gallery__step gallery__step--prev" onClick={() => move(-1)}>
              <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24">
                <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.5" />
              </svg>
              <span className="visually-hidden">Previous image</span>
            </button>
            <button type="button" className="gallery__step gallery__step--next" onClick={() => move(1)}>
              <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24">
                <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2.5" />
              </svg>
              <span className="visually-hidden">Next image</span>
            </button>
          </>
        ) : null}
      </div>
      <div className="gallery__caption">
        <p className="gallery__counter" aria-live="polite" aria-atomic="true">
          <span className="visually-hidden">{`${label} `}</span>
          {galleryCounter(index, count)}
        </p>
        {current.caption ? <p className="gallery__text">{current.caption}</p> : null}
      </div>
      {count > 1 ? (
        <ul className="gallery__thumbs" aria-label="Choose an image">
          {images.map((thumb, thumbIndex) => (
            <li key={`${thumb.url}-${thumbIndex}`}>
              <button
                type="button"
                className="gallery__thumb"
                aria-current={thumbIndex === index ? 'true' : undefined}
                onClick={() => setIndex(thumbIndex)}
              >
                <img
                  src={imageUrlWithSize(thumb.url, 320)}
                  alt=""
                  width={96}
                  height={64}
                  loading="lazy"
                  decoding="async"
                />
                <span className="visually-hidden">{`Show ${label.toLowerCase()} ${thumbIndex + 1} of ${count}`}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
