import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import IconStar from '@tabler/icons-react/icons/IconStar';
import IconStarFilled from '@tabler/icons-react/icons/IconStarFilled';
import type { QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import { favouriteMessages, type FavouriteTargetType } from '@portal/domain/content/favourites.ts';
import { hasToolkitAccess } from '@portal/domain/people/roles.ts';
import { notifyError } from '../../lib/errors.ts';
import { useCurrentUser } from '../../lib/current-user.ts';
import { useToggleFavourite } from './api.ts';

export interface FavouriteToggleProps {
  targetType: FavouriteTargetType;
  targetId: string;
  /** The resource's title: the button's name says which resource it saves. */
  title: string;
  isFavorited: boolean;
  /** Queries whose isFavorited flags this toggle changes (the list it sits in). */
  invalidates?: readonly QueryKey[];
}

/**
 * The favourite toggle of a toolkit document, an organization resource or a video: a button pressed
 * when the resource is in My Saved Resources, whose words say which it is ("Favorite", then "Saved"),
 * on screen and in its name. Saving is a toolkit power, so a member without toolkit access sees no
 * toggle at all. It never shrinks: beside a long link on a phone it was cut to "Favorit".
 */
export function FavouriteToggle({ targetType, targetId, title, isFavorited, invalidates }: FavouriteToggleProps) {
  const user = useCurrentUser();
  const toggle = useToggleFavourite(invalidates);
  // The answer shows at once; the list's own refetch then agrees with it.
  const [answered, setAnswered] = useState<{ for: boolean; now: boolean } | null>(null);
  if (!user || !hasToolkitAccess(user.contentAccess)) return null;
  const saved = answered && answered.for === isFavorited ? answered.now : isFavorited;

  return (
    <Button
      size="xs"
      variant={saved ? 'filled' : 'default'}
      aria-pressed={saved}
      aria-label={`${saved ? 'Saved' : 'Favorite'} ${title}`}
      leftSection={saved ? <IconStarFilled size={14} aria-hidden /> : <IconStar size={14} aria-hidden />}
      style={{ flexShrink: 0 }}
      loading={toggle.isPending}
      onClick={() =>
        toggle.mutate(
          { target: { targetType, targetId }, save: !saved },
          {
            onSuccess: (state) => {
              setAnswered({ for: isFavorited, now: state.isFavorited });
              notifications.show({
                color: 'green',
                message: state.isFavorited ? favouriteMessages.added : favouriteMessages.removed,
              });
            },
            onError: notifyError,
          },
        )
      }
    >
      {saved ? 'Saved' : 'Favorite'}
    </Button>
  );
}
