import { Alert, Button, List, NativeSelect, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { applicationMessages, missingForSubmit } from '@portal/domain/applications/rules.ts';
import { useStepSave } from '../hooks/use-step-save.ts';
import { ApplicationSummary } from './application-summary.tsx';
import { StepActions } from './step-actions.tsx';
import type { StepProps } from './step-props.ts';

/**
 * Step 5, review and submit (events.md §2, §5): everything entered, each missing item with its
 * message, the payment option, and Submit (disabled until nothing is missing). Once submitted it is
 * the application's read-only summary.
 */
export function ReviewStep({ detail }: StepProps) {
  const { save, saving, leaveTo } = useStepSave(detail, 'review-and-submit');
  const [paymentOptionId, setPaymentOptionId] = useState(detail.paymentOption?.id ?? '');
  const [paymentError, setPaymentError] = useState<string | null>(null);
  const missing = missingForSubmit(detail.progress);
  const options = detail.event.finance.paymentOptions;

  const submit = () => {
    if (options.length > 0 && !paymentOptionId) {
      setPaymentError(applicationMessages.paymentOptionRequired);
      return;
    }
    save({ segment: 'REVIEW_AND_SUBMIT', data: { paymentOptionId: paymentOptionId || null } }, 'submitted', {
      onFieldErrors: (errors) => setPaymentError(errors.paymentOptionId ?? null),
    });
  };

  return (
    <Stack gap="lg">
      <ApplicationSummary detail={detail} />
      {detail.editable && missing.length > 0 ? (
        <Alert color="yellow" variant="light">
          <Stack gap="xs">
            <Text size="sm" fw={600}>
              Before you can submit:
            </Text>
            <List size="sm">
              {missing.map((message) => (
                <List.Item key={message}>{message}</List.Item>
              ))}
            </List>
          </Stack>
        </Alert>
      ) : null}
      {options.length > 0 ? (
        <NativeSelect
          label="Payment option"
          withAsterisk
          disabled={!detail.editable}
          data={[
            { value: '', label: 'Choose a payment option' },
            ...options.map((option) => ({ value: option.id, label: option.label })),
          ]}
          value={paymentOptionId}
          error={paymentError}
          onChange={(event) => {
            setPaymentOptionId(event.currentTarget.value);
            setPaymentError(null);
          }}
        />
      ) : null}
      <StepActions
        applicationId={detail.id}
        step="review-and-submit"
        editable={detail.editable}
        dirty={false}
        saving={saving}
        leaveTo={leaveTo}
      >
        {detail.editable ? (
          <Button onClick={submit} disabled={missing.length > 0 || saving} loading={saving}>
            Submit
          </Button>
        ) : null}
      </StepActions>
    </Stack>
  );
}
