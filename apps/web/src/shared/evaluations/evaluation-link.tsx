import { Button } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { evaluationPagePath, occasionLabel } from '@portal/domain/events/evaluations.ts';
import { myEvaluationsQuery } from './queries.ts';

/** On a ticket's row: each evaluation of its event the member is asked and has not answered yet. */
export function EvaluationLinks({ eventId, eventName }: { eventId: string; eventName: string }) {
  const evaluations = useQuery(myEvaluationsQuery);
  const open = (evaluations.data?.items ?? []).filter((item) => item.eventId === eventId && !item.submitted);
  return open.map((item) => (
    <Button
      key={item.occasion}
      component={Link}
      to={evaluationPagePath(item.eventId, item.occasion)}
      variant="subtle"
      size="xs"
      aria-label={`Evaluation: ${eventName}, ${occasionLabel(item.occasion)}`}
    >
      {open.length > 1 ? `Evaluation (${occasionLabel(item.occasion)})` : 'Evaluation'}
    </Button>
  ));
}
