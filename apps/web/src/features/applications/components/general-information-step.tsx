import '@mantine/core/styles/Fieldset.css';
import { Fieldset, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { formatPhone, maskedPhoneError, phoneDigits } from '@portal/domain/contact.ts';
import { generalInformation, type ApplicationDetail } from '@portal/domain/applications/contracts.ts';
import { defaultCountry } from '@portal/domain/lookups.ts';
import { lazy, Suspense } from 'react';
import { errorMessage } from '../../../lib/errors.ts';
import { useLookups } from '../../../lib/lookups.ts';
import { ErrorState } from '../../../ui/error-state.tsx';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { useStepSave, type AfterSave } from '../hooks/use-step-save.ts';
import { loadContactFields, type GeneralInformationValues } from './general-information-values.ts';
import { StepActions } from './step-actions.tsx';
import type { StepProps } from './step-props.ts';

const ContactFields = lazy(() => loadContactFields().then((m) => ({ default: m.ContactFields })));

function initialValues(info: ApplicationDetail['generalInformation']): GeneralInformationValues {
  return {
    firstName: info.firstName,
    lastName: info.lastName,
    address1: info.address1 ?? '',
    address2: info.address2 ?? '',
    city: info.city ?? '',
    stateProvince: info.stateProvince ?? '',
    zipPostal: info.zipPostal ?? '',
    country: info.country || defaultCountry,
    // The mask shows a stored number as typed; digits only go back to the server.
    phone: formatPhone(info.phone),
  };
}

const resolveSchema = schemaResolver(generalInformation, { sync: true });

/**
 * The server's schema with the server's messages, on the digits the mask holds; the phone itself is
 * judged on the mask ('Phone is invalid' while an underscore remains), as every phone field is.
 */
function validate(values: GeneralInformationValues) {
  const { phone: _digitsError, ...errors } = resolveSchema({ ...values, phone: phoneDigits(values.phone) });
  const phone = maskedPhoneError(values.phone);
  return phone ? { ...errors, phone } : errors;
}

/** Step 1, general information (events.md §5): name, address and phone as the application records them. */
export function GeneralInformationStep({ detail }: StepProps) {
  const lookups = useLookups();
  const { save, saving, leaveTo } = useStepSave(detail, 'general-information');
  const form = useForm<GeneralInformationValues>({
    mode: 'controlled',
    initialValues: initialValues(detail.generalInformation),
    validate,
  });

  if (lookups.isPending) return <PageLoader label="Loading the form" />;
  if (lookups.isError)
    return <ErrorState message={errorMessage(lookups.error)} onRetry={() => void lookups.refetch()} />;

  const submit = (after: AfterSave) =>
    form.onSubmit((values) => {
      const data = { ...values, phone: phoneDigits(values.phone) };
      save({ segment: 'GENERAL_INFORMATION', data }, after, {
        onSaved: () => form.resetDirty(values),
        onFieldErrors: (errors) => form.setErrors(errors),
      });
    });

  return (
    <form onSubmit={submit('stay')} noValidate aria-label="General information">
      <Stack gap="md">
        <Fieldset variant="unstyled" disabled={!detail.editable}>
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label="First name"
                withAsterisk
                autoComplete="given-name"
                {...form.getInputProps('firstName')}
              />
              <TextInput
                label="Last name"
                withAsterisk
                autoComplete="family-name"
                {...form.getInputProps('lastName')}
              />
            </SimpleGrid>
            <Suspense fallback={<PageLoader label="Loading the address fields" />}>
              <ContactFields form={form} lookups={lookups.data} />
            </Suspense>
          </Stack>
        </Fieldset>
        <StepActions
          applicationId={detail.id}
          step="general-information"
          editable={detail.editable}
          dirty={detail.editable && form.isDirty()}
          saving={saving}
          leaveTo={leaveTo}
          onSave={() => submit('stay')()}
          onContinue={() => submit('next')()}
        />
      </Stack>
    </form>
  );
}
