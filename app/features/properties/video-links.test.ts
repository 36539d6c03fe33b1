import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  SKIPPED_TOUR_HOST,
  TOUR_HOSTS,
  VIDEO_FORMAT_NOT_SUPPORTED,
  buildEmbeddableMedia,
  isSkippedTourLink,
  toEmbedUrl,
} from './video-links.ts';

const YOUTUBE = 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ';

describe('video and tour links', () => {
  it('has the spec message for unsupported links', () => {
    expect(VIDEO_FORMAT_NOT_SUPPORTED).toBe('Video format not supported');
  });

  it.each([
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    'https://youtube.com/watch?v=dQw4w9WgXcQ&t=42s',
    'https://m.youtube.com/watch?feature=share&v=dQw4w9WgXcQ',
    'http://www.youtube.com/watch?v=dQw4w9WgXcQ',
    'https://youtu.be/dQw4w9WgXcQ',
    'https://youtu.be/dQw4w9WgXcQ?si=abc',
    'youtu.be/dQw4w9WgXcQ',
    'https://www.youtube.com/shorts/dQw4w9WgXcQ',
    'https://www.youtube.com/embed/dQw4w9WgXcQ',
    'https://www.youtube.com/live/dQw4w9WgXcQ',
    'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    '  https://www.youtube.com/watch?v=dQw4w9WgXcQ  ',
  ])('embeds YouTube link %s with the privacy-enhanced player', (link) => {
    expect(toEmbedUrl(link)).toBe(YOUTUBE);
  });

  it.each([
    'https://www.youtube.com/watch?v=short',
    'https://www.youtube.com/channel/UC123',
    'https://youtu.be/',
    'https://www.youtube.com/watch',
  ])('rejects YouTube link %s without a video id', (link) => {
    expect(toEmbedUrl(link)).toBeNull();
  });

  it.each([
    ['https://vimeo.com/76979871', 'https://player.vimeo.com/video/76979871?dnt=1'],
    ['https://vimeo.com/76979871/8272103f6e', 'https://player.vimeo.com/video/76979871?h=8272103f6e&dnt=1'],
    ['https://player.vimeo.com/video/76979871', 'https://player.vimeo.com/video/76979871?dnt=1'],
    [
      'https://player.vimeo.com/video/76979871?h=8272103f6e',
      'https://player.vimeo.com/video/76979871?h=8272103f6e&dnt=1',
    ],
    ['https://vimeo.com/channels/staffpicks/76979871', 'https://player.vimeo.com/video/76979871?dnt=1'],
    ['//player.vimeo.com/video/76979871', 'https://player.vimeo.com/video/76979871?dnt=1'],
  ])('embeds Vimeo link %s', (link, embed) => {
    expect(toEmbedUrl(link)).toBe(embed);
  });

  it('rejects a Vimeo link without a video id', () => {
    expect(toEmbedUrl('https://vimeo.com/agency')).toBeNull();
    expect(toEmbedUrl('https://player.vimeo.com/agency/1')).toBeNull();
  });

  it.each([
    'https://drive.google.com/file/d/1AbCdEfGhIjKlMnOpQrStUvWxYz/view?usp=sharing',
    'https://drive.google.com/file/d/1AbCdEfGhIjKlMnOpQrStUvWxYz/view',
    'https://drive.google.com/file/d/1AbCdEfGhIjKlMnOpQrStUvWxYz/preview',
    'https://drive.google.com/open?id=1AbCdEfGhIjKlMnOpQrStUvWxYz',
  ])('turns the cloud-drive link %s into its preview page', (link) => {
    expect(toEmbedUrl(link)).toBe('https://drive.google.com/file/d/1AbCdEfGhIjKlMnOpQrStUvWxYz/preview');
  });

  it('embeds whitelisted tour hosts as they are, over https', () => {
    expect(toEmbedUrl('https://my.matterport.com/show/?m=SxQL3iGyoDo')).toBe(
      'https://my.matterport.com/show/?m=SxQL3iGyoDo',
    );
    expect(toEmbedUrl('http://kuula.co/share/collection/7lVLq')).toBe('https://kuula.co/share/collection/7lVLq');
    expect(toEmbedUrl('https://tours.giraffe360.com/abc')).toBe('https://tours.giraffe360.com/abc');
    expect(TOUR_HOSTS).toContain('matterport.com');
  });

  it.each([
    'https://example.com/tour',
    'https://notmatterport.com/show/?m=1',
    'https://matterport.com.evil.example/show',
    'javascript:alert(1)',
    'data:text/html,hi',
    'ftp://my.matterport.com/x',
    'not a url',
    '',
  ])('does not support %s', (link) => {
    expect(toEmbedUrl(link)).toBeNull();
  });

  it('recognises the skipped tour host and its subdomains only', () => {
    expect(isSkippedTourLink(`https://${SKIPPED_TOUR_HOST}/t/123`)).toBe(true);
    expect(isSkippedTourLink(`https://www.${SKIPPED_TOUR_HOST}/t/123`)).toBe(true);
    expect(isSkippedTourLink(`https://not${SKIPPED_TOUR_HOST}/t/123`)).toBe(false);
    expect(isSkippedTourLink('https://youtu.be/dQw4w9WgXcQ')).toBe(false);
  });

  describe('the media list', () => {
    it('numbers default descriptions per kind from 1, skips the skipped host and reports unsupported links', () => {
      const { media, unsupportedUrls } = buildEmbeddableMedia([
        { id: 'a', url: 'https://my.matterport.com/show/?m=1', kind: 'tour' },
        { id: 'b', url: `https://${SKIPPED_TOUR_HOST}/t/9`, kind: 'tour' },
        { id: 'c', url: 'https://youtu.be/dQw4w9WgXcQ', kind: 'video', description: '  ' },
        { id: 'd', url: 'https://example.com/clip.mp4', kind: 'video' },
        { id: 'e', url: 'https://kuula.co/share/2', kind: 'tour', description: 'Garden tour' },
        { id: 'f', url: 'https://vimeo.com/76979871', kind: 'video', description: null },
        { url: 'https://kuula.co/share/3', kind: 'tour' },
      ]);
      expect(media.map(({ id, description }) => [id, description])).toEqual([
        ['a', 'Virtual Tour 1'],
        ['c', 'Video 1'],
        ['e', 'Garden tour'],
        ['f', 'Video 2'],
        ['tour-3', 'Virtual Tour 3'],
      ]);
      expect(media[1]).toEqual({
        id: 'c',
        kind: 'video',
        url: YOUTUBE,
        sourceUrl: 'https://youtu.be/dQw4w9WgXcQ',
        description: 'Video 1',
      });
      expect(unsupportedUrls).toEqual(['https://example.com/clip.mp4']);
    });

    it('is empty for no links', () => {
      expect(buildEmbeddableMedia([])).toEqual({ media: [], unsupportedUrls: [] });
    });
  });

  it('never throws on arbitrary text', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary' }), fc.webUrl()), (link) => {
        expect(() => toEmbedUrl(link)).not.toThrow();
        expect(() => buildEmbeddableMedia([{ url: link, kind: 'video' }])).not.toThrow();
      }),
    );
  });
});
