import { Anchor, Box, Text } from '@mantine/core';
import {
  videoCollectionMessages,
  videoPlayerHeight,
  vimeoEmbedUrl,
  vimeoPageUrl,
  type Video,
} from '@portal/domain/content/video-collections.ts';
import { NewTabMark } from '../../../ui/new-tab-mark.tsx';

/**
 * The Vimeo player, 500 px high (§9). Whether a cross-origin frame loaded cannot be read from the page,
 * so the way to vimeo.com is always offered beneath it: a blocked or offline player leaves the page usable.
 */
export function VideoPlayer({ video }: { video: Video }) {
  return (
    <Box>
      <Box
        component="iframe"
        key={video.id}
        src={vimeoEmbedUrl(video.vimeoId)}
        title={`${video.title} (Vimeo player)`}
        allow="autoplay; fullscreen; picture-in-picture"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
        style={{
          display: 'block',
          width: '100%',
          height: videoPlayerHeight,
          border: 0,
          background: 'var(--mantine-color-gray-1)',
        }}
      />
      <Text size="sm" c="dimmed" mt="2xs">
        {videoCollectionMessages.playerFallback}{' '}
        <Anchor href={vimeoPageUrl(video.vimeoId)} target="_blank" rel="noopener noreferrer" size="sm">
          Watch {video.title} on Vimeo
          <NewTabMark />
        </Anchor>
      </Text>
    </Box>
  );
}
