import { Anchor, Button, Group, Modal, NativeSelect, NumberInput, Stack, Text } from '@mantine/core';
import { openConfirmModal } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { formatCents } from '@portal/domain/money.ts';
import { districtSeatMessages, type SeatBlock } from '@portal/domain/organizations/seat-blocks.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { SeatBlocks } from '../../../shared/district-funds/seat-blocks-table.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { PageLoader } from '../../../ui/page-loader.tsx';
import {
  schoolOptionsQuery,
  seatBlocksQuery,
  seatsAheadCartQuery,
  useBuySeatsAhead,
  useGiveSeats,
  useReturnSeats,
} from '../api/district-funds.ts';

/** The administrator's cart, as it would be bought ahead, with the button that buys it from the fund. */
function CartToBuyAhead({ districtId }: { districtId: string }) {
  const cart = useQuery(seatsAheadCartQuery(districtId));
  const buy = useBuySeatsAhead(districtId);
  if (cart.isPending) return <PageLoader label="Loading your cart" />;
  if (cart.isError) return <ErrorState message={errorMessage(cart.error)} onRetry={() => void cart.refetch()} />;
  const { lines, totalCents, refusal } = cart.data;
  const confirm = () =>
    openConfirmModal({
      title: districtSeatMessages.buyConfirmTitle,
      children: <Text size="sm">{districtSeatMessages.buyConfirmBody(totalCents)}</Text>,
      labels: { confirm: districtSeatMessages.buyAction, cancel: 'Cancel' },
      onConfirm: () =>
        buy.mutate(undefined, {
          onSuccess: (bought) =>
            notifications.show({
              color: 'green',
              message: districtSeatMessages.bought(bought.seats, bought.totalCents),
            }),
          onError: (failure) => notifications.show({ color: 'red', message: errorMessage(failure) }),
        }),
    });
  return (
    <Stack gap="xs">
      <Text size="sm">{districtSeatMessages.cartIntro}</Text>
      {lines.length === 0 ? (
        <Text size="sm" c="dimmed">
          {districtSeatMessages.cartEmpty}{' '}
          <Anchor component={Link} to="/members/events" underline="always">
            Open PD Services
          </Anchor>
        </Text>
      ) : (
        <>
          <Stack gap={2} component="ul" m={0} pl="md" aria-label="Your cart">
            {lines.map((line, index) => (
              // Two ticket types of one section share a title: the position keeps the keys apart.
              <Text component="li" size="sm" key={`${index}-${line.title}`}>
                {line.numberOfTickets} × {line.title}: {formatCents(line.priceCents * line.numberOfTickets)}
              </Text>
            ))}
          </Stack>
          <Group gap="sm" wrap="wrap">
            <Button onClick={confirm} loading={buy.isPending} disabled={refusal !== null}>
              {districtSeatMessages.buyAction}: {formatCents(totalCents)}
            </Button>
            {refusal ? (
              <Text size="sm" c="red.8">
                {refusal}
              </Text>
            ) : null}
          </Group>
        </>
      )}
    </Stack>
  );
}

interface SeatsModalProps {
  block: SeatBlock;
  title: string;
  /** Under the number of seats: how many are left (and what they cost). */
  description: string;
  confirm: { label: string; color?: string };
  pending: boolean;
  /** Sends the move of `seats`; answers why it cannot be sent (a field left empty) or null once sent. */
  send: (
    seats: number,
    done: { onSuccess: (moved: { message: string }) => void; onError: (failure: Error) => void },
  ) => string | null;
  onClose: () => void;
  children?: ReactNode;
}

/** A move of some of a block's seats: what `children` add, the number of seats, the server's answer or refusal. */
function SeatsModal({ block, title, description, confirm, pending, send, onClose, children }: SeatsModalProps) {
  const [seats, setSeats] = useState<number | string>(block.seatsLeft);
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(
      send(Number(seats), {
        onSuccess: (moved) => {
          notifications.show({ color: 'green', message: moved.message });
          onClose();
        },
        onError: (failure) => setError(errorMessage(failure)),
      }),
    );
  };
  return (
    <Modal opened onClose={onClose} title={title}>
      <form onSubmit={submit} noValidate aria-label={title}>
        <Stack gap="sm">
          {children}
          <NumberInput
            label="Seats"
            description={description}
            withAsterisk
            min={1}
            max={block.seatsLeft}
            allowDecimal={false}
            value={seats}
            onChange={setSeats}
            data-autofocus
          />
          {error ? (
            <Text size="sm" c="red.8" role="alert">
              {error}
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" color={confirm.color} loading={pending}>
              {confirm.label}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** "Give seats": a school of the district and how many of the block's seats; the school gets them as a paid order. */
function GiveModal({ districtId, block, onClose }: { districtId: string; block: SeatBlock; onClose: () => void }) {
  const schools = useQuery(schoolOptionsQuery(districtId));
  const give = useGiveSeats(districtId);
  const [organizationId, setOrganizationId] = useState('');
  return (
    <SeatsModal
      block={block}
      title={districtSeatMessages.giveTitle(block.title)}
      description={`${block.seatsLeft} left to give`}
      confirm={{ label: districtSeatMessages.giveConfirm }}
      pending={give.isPending}
      send={(seats, done) => {
        if (!organizationId) return 'Choose the school that gets the seats';
        give.mutate({ blockId: block.id, body: { organizationId, seats } }, done);
        return null;
      }}
      onClose={onClose}
    >
      <NativeSelect
        label="School"
        withAsterisk
        data={[
          { value: '', label: schools.isPending ? 'Loading schools…' : 'Choose a school' },
          ...(schools.data?.items ?? []).map((school) => ({ value: school.organizationId, label: school.name })),
        ]}
        value={organizationId}
        onChange={(event) => setOrganizationId(event.currentTarget.value)}
        data-autofocus
      />
    </SeatsModal>
  );
}

/** "Return seats": how many of the block's seats go back on sale, their price back to the fund. */
function ReturnModal({ districtId, block, onClose }: { districtId: string; block: SeatBlock; onClose: () => void }) {
  const giveBack = useReturnSeats(districtId);
  return (
    <SeatsModal
      block={block}
      title={districtSeatMessages.returnTitle(block.title)}
      description={`${block.seatsLeft} left, ${formatCents(block.priceCents)} each`}
      confirm={{ label: districtSeatMessages.returnConfirm, color: 'red' }}
      pending={giveBack.isPending}
      send={(seats, done) => {
        giveBack.mutate({ blockId: block.id, body: { seats } }, done);
        return null;
      }}
      onClose={onClose}
    >
      <Text size="sm">{districtSeatMessages.returnBody}</Text>
    </SeatsModal>
  );
}

type Moving = { block: SeatBlock; to: 'school' | 'sale' };

/** The seats the district bought ahead: the cart to buy, then each block with what was given, returned and is left. */
export function SeatBlocksSection({ districtId }: { districtId: string }) {
  const [moving, setMoving] = useState<Moving | null>(null);
  return (
    <Stack gap="md">
      <CartToBuyAhead districtId={districtId} />
      <SeatBlocks
        blocks={(page) => seatBlocksQuery(districtId, page)}
        actions={(block) => (
          <Group gap="xs" wrap="nowrap">
            <Button
              size="xs"
              onClick={() => setMoving({ block, to: 'school' })}
              aria-label={districtSeatMessages.giveAction(block.title)}
            >
              Give seats
            </Button>
            <Button
              size="xs"
              variant="default"
              onClick={() => setMoving({ block, to: 'sale' })}
              aria-label={districtSeatMessages.returnAction(block.title)}
            >
              Return seats
            </Button>
          </Group>
        )}
      />
      {moving?.to === 'school' ? (
        <GiveModal districtId={districtId} block={moving.block} onClose={() => setMoving(null)} />
      ) : null}
      {moving?.to === 'sale' ? (
        <ReturnModal districtId={districtId} block={moving.block} onClose={() => setMoving(null)} />
      ) : null}
    </Stack>
  );
}
